import type { AuthFailure, FailureWording } from "../auth/auth-failure.js";
import { authFailure } from "../auth/auth-failure.js";
import { messages } from "../messages.js";
import type { DomainError } from "../result.js";

/** The service's words for a missing or refused token (HTTP 401), as opposed to a refusal (403). */
const SESSION_WORDS: ReadonlySet<string> = new Set([
  messages.authServer.credentialsMissing,
  messages.authServer.invalidToken,
]);

/**
 * A seller step's failure in words: a refused token asks to log in again, another user's shop or
 * product says 'You are not the owner of this shop', refused input shows the service's words, and
 * no connection or a service fault the step's own line (spec §8).
 */
export function sellingFailure(
  error: DomainError | { readonly kind: "taken" },
  wording: FailureWording,
): AuthFailure {
  if (error.kind === "unauthorized" && error.message !== undefined && !SESSION_WORDS.has(error.message)) {
    return { reason: "unauthorized", message: messages.selling.notOwner };
  }
  if (error.kind === "network" || error.kind === "server") {
    return { reason: error.kind, message: wording[error.kind] ?? wording.otherwise };
  }
  return authFailure(error, wording);
}
