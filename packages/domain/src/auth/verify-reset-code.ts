import { messages } from "../messages.js";
import { err, ok } from "../result.js";
import { type AuthOutcome, authFailure, done, parseForm } from "./auth-failure.js";
import type { AuthGateway } from "./auth-gateway.js";
import { type CodeForm, codeFormSchema } from "./verify-registration.js";

/**
 * The reset OTP popup: checks the code and answers the one-use key the new-password step needs.
 * A wrong code says so (rather than spec §8's 'user does not exist', which would mislead).
 */
export async function verifyResetCode(
  auth: Pick<AuthGateway, "verifyReset">,
  form: CodeForm,
): Promise<AuthOutcome<{ readonly key: string }>> {
  const parsed = parseForm(codeFormSchema, form);
  if (!parsed.ok) return parsed;
  const answer = await auth.verifyReset(parsed.value);
  if (answer.ok) return ok(done(messages.reset.codeVerified, { key: answer.value }));
  return err(
    authFailure(answer.error, {
      "wrong-code": messages.otp.wrongCode,
      "not-found": messages.reset.userDoesNotExist,
      otherwise: messages.reset.userDoesNotExist,
    }),
  );
}
