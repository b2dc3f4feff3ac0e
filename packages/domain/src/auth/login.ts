import { z } from "zod";
import { messages } from "../messages.js";
import { err, ok } from "../result.js";
import type { AccountPorts } from "./account-ports.js";
import { type AuthOutcome, authFailure, done, parseForm } from "./auth-failure.js";
import { EMAIL_MAX_LENGTH, passwordField } from "./auth-fields.js";
import { storeSession } from "./stored-session.js";
import type { User } from "./user.js";

/** 'Phone No/Email' and Password, both required (spec §2, §5). */
export const loginFormSchema = z.object({
  username: z
    .string({ error: messages.auth.usernameRequired })
    .trim()
    .min(1, messages.auth.usernameRequired)
    .max(EMAIL_MAX_LENGTH, messages.login.invalidCredentials),
  password: passwordField,
});
export type LoginForm = z.input<typeof loginFormSchema>;

/**
 * Logs in and keeps the session: token, userdid, loggedInUserName (the email) and activeUser
 * (spec §3, §4). Unverified users are refused.
 */
export async function login(
  ports: AccountPorts<"login">,
  form: LoginForm,
): Promise<AuthOutcome<{ readonly user: User }>> {
  const parsed = parseForm(loginFormSchema, form);
  if (!parsed.ok) return parsed;
  const answer = await ports.auth.login(parsed.value);
  if (!answer.ok) {
    return err(
      authFailure(answer.error, {
        "invalid-credentials": messages.login.invalidCredentials,
        "not-verified": messages.login.userNotVerified,
        invalid: messages.login.invalidCredentials,
        network: messages.login.failed,
        otherwise: messages.login.failed,
      }),
    );
  }
  storeSession(ports.storage, answer.value);
  return ok(done(messages.auth.loggedIn, { user: answer.value.user }));
}
