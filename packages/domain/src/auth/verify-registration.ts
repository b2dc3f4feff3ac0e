import { z } from "zod";
import { messages } from "../messages.js";
import { err, ok } from "../result.js";
import { type AuthOutcome, authFailure, done, parseForm } from "./auth-failure.js";
import { emailField, otpField } from "./auth-fields.js";
import type { AuthGateway } from "./auth-gateway.js";

/** The OTP step: the e-mailed code for an email (the popup knows it, the page reads the query). */
export const codeFormSchema = z.object({ email: emailField, otp: otpField });
export type CodeForm = z.input<typeof codeFormSchema>;

/** Confirms a new account's email; the user logs in next (spec §4). */
export async function verifyRegistration(
  auth: Pick<AuthGateway, "verify">,
  form: CodeForm,
): Promise<AuthOutcome> {
  const parsed = parseForm(codeFormSchema, form);
  if (!parsed.ok) return parsed;
  const answer = await auth.verify(parsed.value);
  if (answer.ok) return ok(done(messages.auth.verified, {}));
  // spec §8: 401 wrong code, 500 server down, anything else asks for a new code (a refusal the
  // service words itself, e.g. 'Please try a new code' for an expired one, shows its words).
  return err(
    authFailure(answer.error, {
      "wrong-code": messages.otp.wrongCode,
      server: messages.otp.serverDown,
      otherwise: messages.otp.tryNewCode,
    }),
  );
}
