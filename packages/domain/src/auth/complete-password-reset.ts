import { z } from "zod";
import { messages } from "../messages.js";
import { err, ok } from "../result.js";
import { type AuthOutcome, authFailure, done, parseForm } from "./auth-failure.js";
import { newPasswordField } from "./auth-fields.js";
import type { AuthGateway } from "./auth-gateway.js";

/** The new-password popup: new password and confirmation must match, else 'Passwords not the same'. */
export const newPasswordFormSchema = z
  .object({
    password: newPasswordField,
    confirmation: z.string({ error: messages.auth.confirmationRequired }),
  })
  .refine((form) => form.password === form.confirmation, {
    message: messages.reset.passwordsDiffer,
    path: ["confirmation"],
  });
export type NewPasswordForm = z.input<typeof newPasswordFormSchema>;

/** Sets the new password with the key the code check answered; the user logs in next. */
export async function completePasswordReset(
  auth: Pick<AuthGateway, "completeReset">,
  key: string,
  form: NewPasswordForm,
): Promise<AuthOutcome> {
  const parsed = parseForm(newPasswordFormSchema, form);
  if (!parsed.ok) return parsed;
  const answer = await auth.completeReset({ key, newPassword: parsed.value.password });
  if (answer.ok) return ok(done(messages.reset.done, {}));
  return err(
    authFailure(answer.error, {
      otherwise: messages.reset.userDoesNotExist,
    }),
  );
}
