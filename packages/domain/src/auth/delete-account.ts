import { z } from "zod";
import { signedInToken } from "../engagement/signed-in.js";
import { messages } from "../messages.js";
import { err, ok } from "../result.js";
import type { AccountPorts } from "./account-ports.js";
import { type AuthOutcome, authFailure, done, parseForm } from "./auth-failure.js";

/** Account deletion, after Yes: the password proves it is the owner. */
export const deleteAccountFormSchema = z.object({
  password: z
    .string({ error: messages.auth.enterPasswordToDelete })
    .min(1, messages.auth.enterPasswordToDelete),
});
export type DeleteAccountForm = z.input<typeof deleteAccountFormSchema>;

/** Deletes the account (the service ends every session), then clears all storage as logout does. */
export async function deleteAccount(
  ports: AccountPorts<"deleteAccount">,
  form: DeleteAccountForm,
): Promise<AuthOutcome> {
  const parsed = parseForm(deleteAccountFormSchema, form);
  if (!parsed.ok) return parsed;
  const token = signedInToken(ports.storage);
  if (!token.ok) return token;
  const answer = await ports.auth.deleteAccount(token.value, parsed.value.password);
  if (!answer.ok) {
    return err(
      authFailure(answer.error, {
        "wrong-password": messages.auth.wrongPassword,
        otherwise: messages.auth.deleteFailed,
      }),
    );
  }
  ports.storage.clear();
  return ok(done(messages.auth.accountDeleted, {}));
}
