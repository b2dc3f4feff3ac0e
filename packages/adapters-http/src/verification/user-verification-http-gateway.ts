import {
  type DomainError,
  err,
  ok,
  type Result,
  type UserVerificationGateway,
  type UserVerificationRequest,
} from "@katale/domain";
import { authErrorOf } from "../auth/auth-error-mapping.js";
import { verificationCalls } from "../contract/verification.js";
import type { HttpClient } from "../http/http-client.js";

/**
 * `verification/user/` (auth service), multipart with the two documents; `verification_pending`
 * (already requested) is a `taken` refusal.
 */
export class UserVerificationHttpGateway implements UserVerificationGateway {
  constructor(private readonly http: HttpClient) {}

  async requestUserVerification(
    token: string,
    request: UserVerificationRequest,
  ): Promise<Result<void, DomainError>> {
    const answer = await this.http.exchange(verificationCalls.user, {
      token,
      form: {
        email: request.email,
        phone: request.phone,
        nin: request.nin,
        national_id_image: request.nationalIdImage,
        user_image: request.userImage,
        location_latitude: request.locationLatitude,
        location_longitude: request.locationLongitude,
      },
    });
    return answer.ok ? ok(undefined) : err(authErrorOf(answer.error));
  }
}
