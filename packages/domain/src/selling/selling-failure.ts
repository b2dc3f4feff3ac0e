import { authFailure, type FailureWording } from "../auth/auth-failure.js";
import { moderationMessages } from "../messages/moderation.js";
import { messages } from "../messages.js";
import { NEW_ACCOUNT_DAILY_PRODUCTS_DEFAULT } from "../moderation/report.js";
import type { DomainError, WordedError } from "../result.js";
import { SERVICE_CODES } from "../service-codes.js";

/**
 * A seller step's failure in words: a refused token asks to log in again, another user's shop or
 * product (`forbidden`) says 'You are not the owner of this shop' (a suspended shop says so), refused
 * input shows the service's words, and no connection or a service fault the step's own line (spec §8).
 */
export function sellingFailure(error: DomainError, wording: FailureWording): WordedError {
  // Refusals the kind cannot tell apart, by the service's code: a suspended shop is not someone
  // else's, and a new account's daily limit is no rate limit (the service's words carry the number).
  if (error.code === SERVICE_CODES.shopSuspended)
    return { ...error, message: moderationMessages.shopSuspended };
  if (error.code === SERVICE_CODES.newAccountLimit)
    return {
      ...error,
      message:
        error.message ?? moderationMessages.newAccountDailyProducts(NEW_ACCOUNT_DAILY_PRODUCTS_DEFAULT),
    };
  if (error.kind === "forbidden") return { kind: error.kind, message: messages.selling.notOwner };
  if (error.kind === "network" || error.kind === "server") {
    return { ...error, message: wording[error.kind] ?? wording.otherwise };
  }
  return authFailure(error, wording);
}
