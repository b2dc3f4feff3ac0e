import {
  type AuthGateway,
  type CurrentUser,
  type DomainError,
  err,
  type ImageUpload,
  ok,
  type ProfileChanges,
  type Registered,
  type Registration,
  type Result,
  type Session,
  type User,
} from "@katale/domain";
import { authCalls } from "../contract/auth.js";
import type { CallDef } from "../contract/common.js";
import type { CallInput, HttpClient, SuccessBody } from "../http/http-client.js";
import { authErrorOf } from "./auth-error-mapping.js";
import { toProfileWire, toUser } from "./auth-wire-mapping.js";

type Answer<T> = Promise<Result<T, DomainError>>;

/**
 * The authentication service over HTTP (spec §7). The token goes in the Authorization header, never
 * in a URL; the body fields the spec also names for it (`token`, `login_key`) are left out. Failures
 * are read from their codes, the same on every call (auth-error-mapping.ts).
 */
export class AuthHttpGateway implements AuthGateway {
  constructor(private readonly http: HttpClient) {}

  async register(registration: Registration): Answer<Registered> {
    const answer = await this.send(authCalls.register, { body: registration });
    return answer.ok
      ? ok({ user: toUser(answer.value.user), codeSent: answer.value.code_sent ?? true })
      : answer;
  }

  async verify(code: { email: string; otp: string }): Answer<void> {
    const answer = await this.send(authCalls.verify, { body: { username: code.email, otp: code.otp } });
    return answer.ok ? ok(undefined) : answer;
  }

  async resendCode(email: string): Answer<void> {
    const answer = await this.send(authCalls.newOtp, { body: { username: email } });
    return answer.ok ? ok(undefined) : answer;
  }

  async login(credentials: { username: string; password: string }): Answer<Session> {
    const answer = await this.send(authCalls.login, { body: credentials });
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
    const answer = await this.send(authCalls.verifyResetPassword, {
      body: { username: code.email, otp: code.otp },
    });
    return answer.ok ? ok(answer.value.key) : answer;
  }

  async completeReset(reset: { key: string; newPassword: string }): Answer<void> {
    const answer = await this.send(authCalls.resetPasswordComplete, {
      body: { key: reset.key, new_password: reset.newPassword },
    });
    return answer.ok ? ok(undefined) : answer;
  }

  async updateProfile(token: string, changes: ProfileChanges): Answer<User> {
    const answer = await this.send(authCalls.updateUser, { token, body: toProfileWire(changes) });
    return answer.ok ? ok(toUser(answer.value.user)) : answer;
  }

  async changePicture(token: string, picture: ImageUpload): Answer<User> {
    const answer = await this.send(authCalls.updateProfilePicture, { token, form: { picture } });
    return answer.ok ? ok(toUser(answer.value.user)) : answer;
  }

  async changePassword(token: string, change: { oldPassword: string; newPassword: string }): Answer<void> {
    const answer = await this.send(authCalls.changePassword, {
      token,
      body: { old_password: change.oldPassword, new_password: change.newPassword },
    });
    return answer.ok ? ok(undefined) : answer;
  }

  async requestEmailChange(token: string, newEmail: string): Answer<void> {
    const answer = await this.send(authCalls.changeEmail, { token, body: { new_email: newEmail } });
    return answer.ok ? ok(undefined) : answer;
  }

  async confirmEmailChange(token: string, change: { newEmail: string; otp: string }): Answer<User> {
    // A wrong code (wrong_code) and a refused token (invalid_token) are both 401s: the code tells.
    const answer = await this.send(authCalls.verifyChangeEmail, {
      token,
      body: { new_email: change.newEmail, otp: change.otp },
    });
    return answer.ok ? ok(toUser(answer.value.user)) : answer;
  }

  async deleteAccount(token: string, password: string): Answer<void> {
    const answer = await this.send(authCalls.deleteAccount, { token, body: { password } });
    return answer.ok ? ok(undefined) : answer;
  }

  async me(token: string): Answer<CurrentUser> {
    const answer = await this.send(authCalls.me, { token });
    return answer.ok ? ok({ user: toUser(answer.value.user), isAdmin: answer.value.is_admin }) : answer;
  }

  private async send<C extends CallDef>(
    call: C,
    input: CallInput<C>,
  ): Promise<Result<SuccessBody<C>, DomainError>> {
    const answer = await this.http.exchange(call, input);
    return answer.ok ? answer : err(authErrorOf(answer.error));
  }
}
