import { messages } from "../messages.js";
import { err, ok } from "../result.js";
import { type AuthOutcome, authFailure, done, parseForm } from "./auth-failure.js";
import type { AuthGateway } from "./auth-gateway.js";
import { type EmailForm, emailFormSchema } from "./resend-code.js";

/** /forgot: e-mails a reset code and link; 'Code sent to email' or 'user does not exist' (spec §8). */
export async function requestPasswordReset(
  auth: Pick<AuthGateway, "requestReset">,
  form: EmailForm,
): Promise<AuthOutcome> {
  const parsed = parseForm(emailFormSchema, form);
  if (!parsed.ok) return parsed;
  const answer = await auth.requestReset(parsed.value.email);
  if (answer.ok) return ok(done(messages.reset.codeSent, {}));
  return err(
    authFailure(answer.error, {
      "not-found": messages.reset.userDoesNotExist,
      otherwise: messages.reset.userDoesNotExist,
    }),
  );
}
