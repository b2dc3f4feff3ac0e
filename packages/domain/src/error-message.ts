import { messages } from "./messages.js";
import type { DomainError } from "./result.js";

/** The line a client shows for an error when the screen has no wording of its own. */
export function errorMessage(error: DomainError): string {
  switch (error.kind) {
    case "network":
      return messages.common.checkConnection;
    case "not-found":
      return error.message ?? messages.products.notFound;
    case "invalid-page":
      return messages.products.noMoreProducts;
    case "invalid":
      return error.message;
    case "unauthorized":
      return error.message ?? messages.common.loginFirst;
    case "server":
      return messages.otp.serverDown;
  }
}
