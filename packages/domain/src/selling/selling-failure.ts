import { authFailure, type FailureWording } from "../auth/auth-failure.js";
import { messages } from "../messages.js";
import type { DomainError, WordedError } from "../result.js";

/**
 * A seller step's failure in words: a refused token asks to log in again, another user's shop or
 * product (`forbidden`) says 'You are not the owner of this shop', refused input shows the service's
 * words, and no connection or a service fault the step's own line (spec §8).
 */
export function sellingFailure(error: DomainError, wording: FailureWording): WordedError {
  if (error.kind === "forbidden") return { kind: error.kind, message: messages.selling.notOwner };
  if (error.kind === "network" || error.kind === "server") {
    return { ...error, message: wording[error.kind] ?? wording.otherwise };
  }
  return authFailure(error, wording);
}
