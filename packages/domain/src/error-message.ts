import { firstScreenMessages as messages } from "./messages/first-screen.js";
import type { DomainError } from "./result.js";

/**
 * The line a client shows for an error when the screen has no wording of its own: the error's own
 * words when it carries them (the service's, or a use case's), else the usual line for its kind.
 */
export function errorMessage(error: DomainError): string {
  if (error.message !== undefined) return error.message;
  switch (error.kind) {
    case "network":
      return messages.common.checkConnection;
    case "not-found":
      return messages.products.notFound;
    case "invalid-page":
      return messages.products.noMoreProducts;
    case "not-logged-in":
    case "unauthorized":
      return messages.common.loginFirst;
    case "forbidden":
      return messages.authServer.adminOnly;
    case "too-many-attempts":
      return messages.auth.tooManyAttempts;
    case "server":
      return messages.otp.serverDown;
    default:
      // The account refusals are always worded by their step; a bare one reads as spec §8's fallback.
      return messages.common.checkConnection;
  }
}
