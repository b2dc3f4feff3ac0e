import { type DomainError, err, ok, type Result } from "../result.js";
import type { UserVerificationGateway } from "../verification/user-verification-gateway.js";
import type { UserVerificationRequest } from "../verification/user-verification-request.js";
import { Failures } from "./failures.js";

/** Keeps the requests it receives, one per token; a second answers 'taken' as the service does. */
export class InMemoryUserVerificationGateway implements UserVerificationGateway {
  readonly failures = new Failures<keyof UserVerificationGateway, DomainError>();
  readonly requests = new Map<string, UserVerificationRequest>();

  async requestUserVerification(
    token: string,
    request: UserVerificationRequest,
  ): Promise<Result<void, DomainError>> {
    return this.failures.answer("requestUserVerification", () => {
      if (this.requests.has(token)) return err({ kind: "taken" });
      this.requests.set(token, request);
      return ok(undefined);
    });
  }
}
