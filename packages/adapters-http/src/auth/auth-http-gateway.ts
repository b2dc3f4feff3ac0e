import {
  type AuthError,
  type AuthGateway,
  type CurrentUser,
  err,
  type ImageUpload,
  messages,
  ok,
  type ProfileChanges,
  type Registration,
  type Result,
  type Session,
  type User,
} from "@katale/domain";
import { authCalls, type CallDef } from "../contract/index.js";
import type { CallInput, HttpClient, SuccessBody } from "../http/http-client.js";
import { alreadyRegistered, authErrorOf, type StatusMeaning, whenDetail } from "./auth-error-mapping.js";
import { toProfileWire, toUser } from "./auth-wire-mapping.js";

type Answer<T> = Promise<Result<T, AuthError>>;
type Meanings = Readonly<Partial<Record<number, StatusMeaning>>>;

const wrongCode: AuthError = { kind: "wrong-code" };

/**
 * The authentication service over HTTP (spec §7). The token goes in the Authorization header, never
 * in a URL; the body fields the spec also names for it (`token`, `login_key`) are left out.
 */
export class AuthHttpGateway implements AuthGateway {
  constructor(private readonly http: HttpClient) {}

  async register(registration: Registration): Answer<User> {
    const answer = await this.send(authCalls.register, { body: registration }, { 400: alreadyRegistered });
    return answer.ok ? ok(toUser(answer.value.user)) : answer;
  }

  async verify(code: { email: string; otp: string }): Answer<void> {
    const answer = await this.send(
      authCalls.verify,
      { body: { username: code.email, otp: code.otp } },
      { 401: wrongCode },
    );
    return answer.ok ? ok(undefined) : answer;
  }

  async resendCode(email: string): Answer<void> {
    const answer = await this.send(authCalls.newOtp, { body: { username: email } });
    return answer.ok ? ok(undefined) : answer;
  }

  async login(credentials: { username: string; password: string }): Answer<Session> {
    const answer = await this.send(
      authCalls.login,
      { body: credentials },
      { 401: { kind: "invalid-credentials" }, 403: { kind: "not-verified" } },
    );
    return answer.ok ? ok({ token: answer.value.key, user: toUser(answer.value.user) }) : answer;
  }

  async logout(token: string): Answer<void> {
    // An empty JSON object: the token travels in the header.
    const answer = await this.send(authCalls.logout, { token, body: {} });
    return answer.ok ? ok(undefined) : answer;
  }

  async requestReset(email: string): Answer<void> {
    const answer = await this.send(authCalls.resetPassword, { body: { username: email } });
    return answer.ok ? ok(undefined) : answer;
  }

  async verifyReset(code: { email: string; otp: string }): Answer<string> {
    const answer = await this.send(
      authCalls.verifyResetPassword,
      { body: { username: code.email, otp: code.otp } },
      { 401: wrongCode },
    );
    return answer.ok ? ok(answer.value.key) : answer;
  }

  async completeReset(reset: { key: string; newPassword: string }): Answer<void> {
    const answer = await this.send(authCalls.resetPasswordComplete, {
      body: { key: reset.key, new_password: reset.newPassword },
    });
    return answer.ok ? ok(undefined) : answer;
  }

  async updateProfile(token: string, changes: ProfileChanges): Answer<User> {
    const answer = await this.send(
      authCalls.updateUser,
      { token, body: toProfileWire(changes) },
      { 400: alreadyRegistered },
    );
    return answer.ok ? ok(toUser(answer.value.user)) : answer;
  }

  async changePicture(token: string, picture: ImageUpload): Answer<User> {
    const answer = await this.send(authCalls.updateProfilePicture, { token, form: { picture } });
    return answer.ok ? ok(toUser(answer.value.user)) : answer;
  }

  async changePassword(token: string, change: { oldPassword: string; newPassword: string }): Answer<void> {
    const wrongPassword = whenDetail(messages.account.invalidOldPassword, { kind: "wrong-password" });
    const answer = await this.send(
      authCalls.changePassword,
      { token, body: { old_password: change.oldPassword, new_password: change.newPassword } },
      { 400: wrongPassword, 401: wrongPassword },
    );
    return answer.ok ? ok(undefined) : answer;
  }

  async requestEmailChange(token: string, newEmail: string): Answer<void> {
    const answer = await this.send(
      authCalls.changeEmail,
      { token, body: { new_email: newEmail } },
      { 409: { kind: "taken" } },
    );
    return answer.ok ? ok(undefined) : answer;
  }

  async confirmEmailChange(token: string, change: { newEmail: string; otp: string }): Answer<User> {
    // A wrong code is a 401 with its own words; any other 401 is a refused token.
    const answer = await this.send(
      authCalls.verifyChangeEmail,
      { token, body: { new_email: change.newEmail, otp: change.otp } },
      { 401: whenDetail(messages.account.invalidEmailOtp, wrongCode), 409: { kind: "taken" } },
    );
    return answer.ok ? ok(toUser(answer.value.user)) : answer;
  }

  async deleteAccount(token: string, password: string): Answer<void> {
    const wrongPassword = whenDetail(messages.auth.wrongPassword, { kind: "wrong-password" });
    const answer = await this.send(
      authCalls.deleteAccount,
      { token, body: { password } },
      { 400: wrongPassword, 401: wrongPassword },
    );
    return answer.ok ? ok(undefined) : answer;
  }

  async me(token: string): Answer<CurrentUser> {
    const answer = await this.send(authCalls.me, { token });
    return answer.ok ? ok({ user: toUser(answer.value.user), isAdmin: answer.value.is_admin }) : answer;
  }

  private async send<C extends CallDef>(
    call: C,
    input: CallInput<C>,
    meanings: Meanings = {},
  ): Promise<Result<SuccessBody<C>, AuthError>> {
    const answer = await this.http.exchange(call, input);
    return answer.ok ? answer : err(authErrorOf(answer.error, meanings));
  }
}
