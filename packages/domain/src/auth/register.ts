import { z } from "zod";
import { messages } from "../messages.js";
import { type DomainError, err, ok, type WordedError } from "../result.js";
import { type AuthOutcome, authFailure, done, parseForm } from "./auth-failure.js";
import { emailField, nameField, newPasswordField, phoneField } from "./auth-fields.js";
import type { AuthGateway } from "./auth-gateway.js";
import { passwordProblem } from "./password-rules.js";
import type { User } from "./user.js";

/** Sign-up: Full Name, Email, Phone Number (at most 10), Password (spec §2, §5). */
export const registrationFormSchema = z
  .object({
    name: nameField,
    email: emailField,
    phone: phoneField,
    password: newPasswordField,
  })
  .superRefine((form, ctx) => {
    // Not the e-mail or phone typed in the same form.
    const problem = passwordProblem(form.password, form);
    if (problem) ctx.addIssue({ code: "custom", path: ["password"], message: problem });
  });
export type RegistrationForm = z.input<typeof registrationFormSchema>;

/** Creates the account; the service e-mails a code, which the OTP step asks for next. */
export async function register(
  auth: Pick<AuthGateway, "register">,
  form: RegistrationForm,
): Promise<AuthOutcome<{ readonly user: User; readonly codeSent: boolean }>> {
  const parsed = parseForm(registrationFormSchema, form);
  if (!parsed.ok) return parsed;
  const answer = await auth.register(parsed.value);
  if (!answer.ok) return err(registrationFailure(answer.error));
  const { user, codeSent } = answer.value;
  // When the e-mail could not go, the person is told so and uses Resend (issue 14).
  const message = codeSent ? messages.register.success : messages.register.successCodeNotSent;
  return ok(done(message, { user, codeSent }));
}

function registrationFailure(error: DomainError): WordedError {
  if (error.kind === "already-registered") {
    const message =
      error.email && error.phone
        ? messages.register.emailAndPhoneExist
        : error.phone
          ? messages.register.phoneExists
          : messages.register.emailExists;
    return { ...error, message };
  }
  // spec §8: anything else reads 'Check your internet connection'.
  return authFailure(error, { network: messages.register.failed, otherwise: messages.register.failed });
}
