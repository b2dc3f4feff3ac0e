import { z } from "zod";
import { messages } from "../messages.js";
import { err, ok } from "../result.js";
import { type AuthOutcome, authFailure, done, parseForm } from "./auth-failure.js";
import { emailField } from "./auth-fields.js";
import type { AuthGateway } from "./auth-gateway.js";

/** "Didn't receive OTP? Resend", and any step that only needs an email. */
export const emailFormSchema = z.object({ email: emailField });
export type EmailForm = z.input<typeof emailFormSchema>;

/** Sends a new sign-up code: 'OTP sent to this email' or 'Invalid user email provided' (spec §8). */
export async function resendCode(
  auth: Pick<AuthGateway, "resendCode">,
  form: EmailForm,
): Promise<AuthOutcome> {
  const parsed = parseForm(emailFormSchema, form);
  if (!parsed.ok) return parsed;
  const answer = await auth.resendCode(parsed.value.email);
  if (answer.ok) return ok(done(messages.otp.resent, {}));
  return err(
    authFailure(answer.error, {
      "not-found": messages.otp.invalidEmail,
      otherwise: messages.otp.invalidEmail,
    }),
  );
}
