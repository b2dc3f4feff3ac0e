import { z } from "zod";
import { signedInToken } from "../engagement/signed-in.js";
import { messages } from "../messages.js";
import { err, ok } from "../result.js";
import type { AccountPorts } from "./account-ports.js";
import { type AuthOutcome, authFailure, done, parseForm } from "./auth-failure.js";
import { newPasswordField } from "./auth-fields.js";

/** Password change: the current password, and the new one twice ('Passwords have to be the same'). */
export const changePasswordFormSchema = z
  .object({
    oldPassword: z
      .string({ error: messages.auth.oldPasswordRequired })
      .min(1, messages.auth.oldPasswordRequired),
    newPassword: newPasswordField,
    confirmation: z.string({ error: messages.auth.confirmationRequired }),
  })
  .refine((form) => form.newPassword === form.confirmation, {
    message: messages.account.passwordsMustMatch,
    path: ["confirmation"],
  });
export type ChangePasswordForm = z.input<typeof changePasswordFormSchema>;

/** 'Password changed successfully'; 'Invalid old password', otherwise 'User not found' (spec §8). */
export async function changePassword(
  ports: AccountPorts<"changePassword">,
  form: ChangePasswordForm,
): Promise<AuthOutcome> {
  const parsed = parseForm(changePasswordFormSchema, form);
  if (!parsed.ok) return parsed;
  const token = signedInToken(ports.storage);
  if (!token.ok) return token;
  const answer = await ports.auth.changePassword(token.value, {
    oldPassword: parsed.value.oldPassword,
    newPassword: parsed.value.newPassword,
  });
  if (answer.ok) return ok(done(messages.account.passwordChanged, {}));
  return err(
    authFailure(answer.error, {
      "wrong-password": messages.account.invalidOldPassword,
      "not-found": messages.account.userNotFound,
      otherwise: messages.account.userNotFound,
    }),
  );
}
