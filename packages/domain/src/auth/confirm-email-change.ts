import { z } from "zod";
import { signedInToken } from "../engagement/signed-in.js";
import { messages } from "../messages.js";
import { err, ok } from "../result.js";
import type { AccountPorts } from "./account-ports.js";
import { type AuthOutcome, authFailure, done, parseForm } from "./auth-failure.js";
import { emailField, otpField } from "./auth-fields.js";
import { storeUser } from "./stored-session.js";
import type { User } from "./user.js";

/** E-mail change, second step: the code sent to the new address. */
export const emailChangeCodeFormSchema = z.object({ newEmail: emailField, otp: otpField });
export type EmailChangeCodeForm = z.input<typeof emailChangeCodeFormSchema>;

/**
 * Confirms the new address and keeps the stored user (and loggedInUserName, the email) in step:
 * 'Email changed successfully' or 'Invalid OTP, please check your email for correct OTP' (spec §8).
 */
export async function confirmEmailChange(
  ports: AccountPorts<"confirmEmailChange">,
  form: EmailChangeCodeForm,
): Promise<AuthOutcome<{ readonly user: User }>> {
  const parsed = parseForm(emailChangeCodeFormSchema, form);
  if (!parsed.ok) return parsed;
  const token = signedInToken(ports.storage);
  if (!token.ok) return token;
  const answer = await ports.auth.confirmEmailChange(token.value, parsed.value);
  if (!answer.ok) {
    return err(
      authFailure(answer.error, {
        "wrong-code": messages.account.invalidEmailOtp,
        taken: messages.account.emailExists,
        invalid: messages.account.invalidEmailOtp,
        "not-found": messages.account.invalidEmailOtp,
        otherwise: messages.common.checkConnection,
      }),
    );
  }
  storeUser(ports.storage, answer.value);
  return ok(done(messages.account.emailChanged, { user: answer.value }));
}
