import { chatCalls } from "./chat.js";
import type { CallDef } from "./common.js";
import { engagementCalls } from "./engagement.js";
import { productCalls } from "./products.js";
import { shopCalls } from "./shops.js";
import { supportCalls } from "./support.js";
import { verificationCalls } from "./verification.js";

// The creating calls that take an `Idempotency-Key` header (IETF draft "The Idempotency-Key HTTP
// Header Field"). The server answers a repeat of a key with the first answer and creates nothing;
// the clients send one key per user action and reuse it when they retry.

/** The header's name. */
export const IDEMPOTENCY_KEY_HEADER = "idempotency-key";

/** Products (and services), shops, reviews, ratings, verification requests, feedback, chat photos. */
export const IDEMPOTENT_CALLS: readonly CallDef[] = [
  productCalls.create,
  shopCalls.create,
  engagementCalls.addComment,
  engagementCalls.rate,
  verificationCalls.shop,
  verificationCalls.user,
  supportCalls.addFeedback,
  chatCalls.sendPhoto,
];

export function takesIdempotencyKey(call: CallDef): boolean {
  return IDEMPOTENT_CALLS.includes(call);
}
