import { type AuthOutcome, authFailure, done, parseForm } from "../auth/auth-failure.js";
import { signedInToken } from "../engagement/signed-in.js";
import { messages } from "../messages.js";
import { err, ok } from "../result.js";
import type { KeyValueStorage } from "../session/key-value-storage.js";
import type { UserVerificationGateway } from "./user-verification-gateway.js";
import { type UserVerificationForm, userVerificationRequestSchema } from "./user-verification-request.js";

export interface UserVerificationPorts {
  readonly verification: UserVerificationGateway;
  readonly storage: KeyValueStorage;
}

/**
 * Sends the verification request: 'Successfully sent verification request', or 'User already has a
 * verification request' (spec §8; the screen shows them 5 s and 3 s).
 */
export async function requestUserVerification(
  ports: UserVerificationPorts,
  form: UserVerificationForm,
): Promise<AuthOutcome> {
  const parsed = parseForm(userVerificationRequestSchema, form);
  if (!parsed.ok) return parsed;
  const token = signedInToken(ports.storage);
  if (!token.ok) return token;
  const answer = await ports.verification.requestUserVerification(token.value, parsed.value);
  if (answer.ok) return ok(done(messages.verification.sent, {}));
  return err(
    authFailure(answer.error, {
      taken: messages.verification.userRequestExists,
      otherwise: messages.userVerification.failed,
    }),
  );
}
