import { z } from "zod";
import { signedInToken } from "../engagement/signed-in.js";
import { messages } from "../messages.js";
import { err, ok } from "../result.js";
import type { AccountPorts } from "./account-ports.js";
import { type AuthOutcome, authFailure, done, parseForm } from "./auth-failure.js";
import { emailField } from "./auth-fields.js";

/** E-mail change, first step: the new address. */
export const emailChangeFormSchema = z.object({ newEmail: emailField });
export type EmailChangeForm = z.input<typeof emailChangeFormSchema>;

/** Sends a code to the new address: 'OTP sent to this email' or 'Email already exists' (spec §8). */
export async function requestEmailChange(
  ports: AccountPorts<"requestEmailChange">,
  form: EmailChangeForm,
): Promise<AuthOutcome<{ readonly newEmail: string }>> {
  const parsed = parseForm(emailChangeFormSchema, form);
  if (!parsed.ok) return parsed;
  const token = signedInToken(ports.storage);
  if (!token.ok) return token;
  const answer = await ports.auth.requestEmailChange(token.value, parsed.value.newEmail);
  if (answer.ok) return ok(done(messages.account.emailOtpSent, { newEmail: parsed.value.newEmail }));
  return err(
    authFailure(answer.error, {
      taken: messages.account.emailExists,
      otherwise: messages.common.checkConnection,
    }),
  );
}
