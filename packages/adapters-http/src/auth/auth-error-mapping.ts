import type { DomainError } from "@katale/domain";
import { type ErrorCode, errorCodeOf } from "../contract/error-codes.js";
import { domainErrorOf, type HttpFailure } from "../http/http-client.js";

/**
 * The refusals of the authentication service, by the answer's `code` (contract/error-codes.ts). A
 * code means the same on every call, so one table serves them all; the words beside it are only shown.
 */
const REFUSALS: Readonly<Partial<Record<ErrorCode, (body: unknown) => DomainError>>> = {
  already_registered: (body) => ({ kind: "already-registered", ...registeredFields(body) }),
  wrong_code: () => ({ kind: "wrong-code" }),
  invalid_credentials: () => ({ kind: "invalid-credentials" }),
  not_verified: () => ({ kind: "not-verified" }),
  wrong_password: () => ({ kind: "wrong-password" }),
  email_taken: () => ({ kind: "taken" }),
  verification_pending: () => ({ kind: "taken" }),
  rate_limited: () => ({ kind: "too-many-attempts" }),
};

/**
 * The auth error of a failed auth call: a refusal when the code names one, a rate limit on any 429,
 * else the shared mapping (refused or missing token -> unauthorized, not allowed -> forbidden,
 * not-found codes -> not-found, other 4xx -> refused input with the service's words, 5xx -> server).
 */
export function authErrorOf(failure: HttpFailure): DomainError {
  if (failure.kind === "status") {
    const code = errorCodeOf(failure.body);
    const refusal = code === undefined ? undefined : REFUSALS[code];
    if (refusal !== undefined) return refusal(failure.body);
    if (failure.status === 429) return { kind: "too-many-attempts" };
  }
  return domainErrorOf(failure);
}

/**
 * Which values belong to another account: the fields the `already_registered` answer lists
 * (`email`, `phone`), whatever their words.
 */
function registeredFields(body: unknown): { email: boolean; phone: boolean } {
  const listed = (field: string) =>
    typeof body === "object" && body !== null && Array.isArray((body as Record<string, unknown>)[field]);
  return { email: listed("email"), phone: listed("phone") };
}
