import type { DomainError, Result } from "../result.js";
import type { UserVerificationRequest } from "./user-verification-request.js";

/**
 * The user's identity verification request (spec §7 `verification/user/`, on the auth service).
 * 'taken' when the user already has an open request; 'invalid' for a document that is not an image
 * or too large; 'unauthorized' for a refused token.
 */
export interface UserVerificationGateway {
  requestUserVerification(
    token: string,
    request: UserVerificationRequest,
  ): Promise<Result<void, DomainError>>;
}
