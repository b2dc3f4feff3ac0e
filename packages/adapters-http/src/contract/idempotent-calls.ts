import type { CallDef } from "./common.js";

// The creating calls that take an `Idempotency-Key` header (IETF draft "The Idempotency-Key HTTP
// Header Field") say so in their definition (`idempotent: true`): products (and services), shops,
// reviews, ratings, verification requests, feedback, chat photos. The server answers a repeat of a
// key with the first answer and creates nothing; the clients send one key per user action and reuse
// it when they retry. A flag rather than a list of the calls, so a client that loads one area of the
// contract does not load the others (the web's first screen).

/** The header's name. */
export const IDEMPOTENCY_KEY_HEADER = "idempotency-key";

export function takesIdempotencyKey(call: CallDef): boolean {
  return call.idempotent === true;
}
