import { emailField } from "../auth/auth-fields.js";
import type {
  AuthGateway,
  CurrentUser,
  ProfileChanges,
  Registered,
  Registration,
  Session,
} from "../auth/auth-gateway.js";
import { passwordProblem } from "../auth/password-rules.js";
import type { User } from "../auth/user.js";
import type { ImageUpload } from "../media/image-upload.js";
import { messages } from "../messages.js";
import { type DomainError, err, ok, type Result } from "../result.js";
import { Failures } from "./failures.js";

interface Account {
  user: User;
  password: string;
  verified: boolean;
  isAdmin: boolean;
}

/** A code the fake "e-mailed". */
export interface SentCode {
  readonly to: string;
  readonly purpose: "sign-up" | "reset" | "email-change";
  readonly code: string;
}

type Answer<T> = Promise<Result<T, DomainError>>;

/**
 * The authentication service in memory, behaving as the real one does for the use cases: accounts
 * start unverified, codes are "sent" (see `sent` / `codeFor`), tokens and reset keys are issued and
 * revoked. `failures` makes one call fail.
 */
export class InMemoryAuthGateway implements AuthGateway {
  readonly failures = new Failures<keyof AuthGateway, DomainError>();
  readonly sent: SentCode[] = [];
  private readonly accounts = new Map<number, Account>();
  private readonly tokens = new Map<string, number>();
  private readonly resetKeys = new Map<string, number>();
  private readonly emailChanges = new Map<number, { newEmail: string; code: string }>();
  private nextId = 1;
  private nextCode = 12345;
  private nextToken = 1;

  /** An account that can log in at once. */
  addAccount(user: User, password: string, options: { verified?: boolean; isAdmin?: boolean } = {}): void {
    this.accounts.set(user.id, {
      user,
      password,
      verified: options.verified ?? true,
      isAdmin: options.isAdmin ?? false,
    });
    this.nextId = Math.max(this.nextId, user.id + 1);
  }

  /** The last code sent to `email`. */
  codeFor(email: string): string | undefined {
    return this.sent.findLast((s) => s.to === email)?.code;
  }

  userByEmail(email: string): User | undefined {
    return this.find((a) => a.user.email === email)?.user;
  }

  passwordOf(email: string): string | undefined {
    return this.find((a) => a.user.email === email)?.password;
  }

  isTokenValid(token: string): boolean {
    return this.tokens.has(token);
  }

  /** When true, sign-up codes cannot be e-mailed (the account is still created). */
  mailDown = false;

  /**
   * How many codes one address may be sent before sends answer 'too-many-attempts' (the service
   * allows 5 an account in 15 minutes; the fake has no clock, so the allowance never comes back).
   */
  codesPerAddress = 5;

  async register(registration: Registration): Answer<Registered> {
    return this.failures.answer("register", (): Result<Registered, DomainError> => {
      // The service checks the fields before the accounts, with the words a form shows.
      const refused = this.refusedInput(registration);
      if (refused !== undefined) return err(refused);
      if (this.sendsLeft(registration.email) === 0) return err({ kind: "too-many-attempts" });
      const email = this.find((a) => a.user.email === registration.email) !== undefined;
      const phone = this.find((a) => a.user.phone === registration.phone) !== undefined;
      if (email || phone) return err({ kind: "already-registered", email, phone });
      const user: User = {
        id: this.nextId++,
        email: registration.email,
        phone: registration.phone,
        name: registration.name,
        dateOfBirth: null,
        country: null,
        gender: null,
        profilePicture: null,
        verificationStatus: "UNVERIFIED",
      };
      this.accounts.set(user.id, { user, password: registration.password, verified: false, isAdmin: false });
      if (this.mailDown) return ok({ user, codeSent: false });
      this.send(user.email, "sign-up");
      return ok({ user, codeSent: true });
    });
  }

  async verify(code: { email: string; otp: string }): Answer<void> {
    return this.failures.answer("verify", () => {
      // Like the service: an unknown or already verified address gets the answer a wrong code gets,
      // so this call does not tell who has an account.
      const account = this.find((a) => a.user.email === code.email);
      if (account === undefined || account.verified) return err({ kind: "wrong-code" });
      if (this.lastCode(code.email, "sign-up") !== code.otp) return err({ kind: "wrong-code" });
      account.verified = true;
      return ok(undefined);
    });
  }

  async resendCode(email: string): Answer<void> {
    return this.failures.answer("resendCode", () => {
      if (this.find((a) => a.user.email === email) === undefined) return err({ kind: "not-found" });
      if (this.sendsLeft(email) === 0) return err({ kind: "too-many-attempts" });
      this.send(email, "sign-up");
      return ok(undefined);
    });
  }

  async login(credentials: { username: string; password: string }): Answer<Session> {
    return this.failures.answer("login", () => {
      const account = this.find(
        (a) => a.user.email === credentials.username || a.user.phone === credentials.username,
      );
      if (account === undefined || account.password !== credentials.password)
        return err({ kind: "invalid-credentials" });
      if (!account.verified) return err({ kind: "not-verified" });
      const token = `token-${this.nextToken++}`;
      this.tokens.set(token, account.user.id);
      return ok({ token, user: account.user });
    });
  }

  async logout(token: string): Answer<void> {
    return this.failures.answer("logout", () =>
      this.tokens.delete(token) ? ok(undefined) : err({ kind: "unauthorized" }),
    );
  }

  async requestReset(email: string): Answer<void> {
    return this.failures.answer("requestReset", () => {
      if (this.find((a) => a.user.email === email) === undefined) return err({ kind: "not-found" });
      if (this.sendsLeft(email) === 0) return err({ kind: "too-many-attempts" });
      this.send(email, "reset");
      return ok(undefined);
    });
  }

  async verifyReset(code: { email: string; otp: string }): Answer<string> {
    return this.failures.answer("verifyReset", () => {
      const account = this.find((a) => a.user.email === code.email);
      if (account === undefined) return err({ kind: "not-found" });
      if (this.lastCode(code.email, "reset") !== code.otp) return err({ kind: "wrong-code" });
      const key = `reset-${this.nextToken++}`;
      this.resetKeys.set(key, account.user.id);
      return ok(key);
    });
  }

  async completeReset(reset: { key: string; newPassword: string }): Answer<void> {
    return this.failures.answer("completeReset", () => {
      // The service answers an unknown or used key as refused input (400 reset_key_invalid).
      const account = this.accountOfKey(reset.key);
      if (account === undefined)
        return err({ kind: "invalid", message: messages.authServer.resetKeyInvalid });
      this.resetKeys.delete(reset.key);
      account.password = reset.newPassword;
      return ok(undefined);
    });
  }

  async updateProfile(token: string, changes: ProfileChanges): Answer<User> {
    return this.failures.answer("updateProfile", () =>
      this.withAccount(token, (account) => {
        const phone = changes.phone;
        if (phone !== undefined && this.find((a) => a !== account && a.user.phone === phone) !== undefined)
          return err({ kind: "already-registered", email: false, phone: true });
        account.user = { ...account.user, ...changes };
        return ok(account.user);
      }),
    );
  }

  async changePicture(token: string, picture: ImageUpload): Answer<User> {
    return this.failures.answer("changePicture", () =>
      this.withAccount(token, (account) => {
        account.user = { ...account.user, profilePicture: `/media/avatars/${picture.fileName}` };
        return ok(account.user);
      }),
    );
  }

  async changePassword(token: string, change: { oldPassword: string; newPassword: string }): Answer<void> {
    return this.failures.answer("changePassword", () =>
      this.withAccount(token, (account) => {
        if (account.password !== change.oldPassword) return err({ kind: "wrong-password" });
        account.password = change.newPassword;
        return ok(undefined);
      }),
    );
  }

  async requestEmailChange(token: string, newEmail: string): Answer<void> {
    return this.failures.answer("requestEmailChange", () =>
      this.withAccount(token, (account) => {
        if (this.find((a) => a.user.email === newEmail) !== undefined) return err({ kind: "taken" });
        if (this.sendsLeft(newEmail) === 0) return err({ kind: "too-many-attempts" });
        const code = this.send(newEmail, "email-change");
        this.emailChanges.set(account.user.id, { newEmail, code });
        return ok(undefined);
      }),
    );
  }

  async confirmEmailChange(token: string, change: { newEmail: string; otp: string }): Answer<User> {
    return this.failures.answer("confirmEmailChange", () =>
      this.withAccount(token, (account) => {
        const pending = this.emailChanges.get(account.user.id);
        if (pending === undefined || pending.newEmail !== change.newEmail || pending.code !== change.otp)
          return err({ kind: "wrong-code" });
        this.emailChanges.delete(account.user.id);
        account.user = { ...account.user, email: change.newEmail };
        return ok(account.user);
      }),
    );
  }

  async deleteAccount(token: string, password: string): Answer<void> {
    return this.failures.answer("deleteAccount", () =>
      this.withAccount(token, (account) => {
        if (account.password !== password) return err({ kind: "wrong-password" });
        this.accounts.delete(account.user.id);
        for (const [t, id] of this.tokens) if (id === account.user.id) this.tokens.delete(t);
        return ok(undefined);
      }),
    );
  }

  async me(token: string): Answer<CurrentUser> {
    return this.failures.answer("me", () =>
      this.withAccount(token, (account) => ok({ user: account.user, isAdmin: account.isAdmin })),
    );
  }

  private find(match: (account: Account) => boolean): Account | undefined {
    return [...this.accounts.values()].find(match);
  }

  private accountOfKey(key: string): Account | undefined {
    const id = this.resetKeys.get(key);
    return id === undefined ? undefined : this.accounts.get(id);
  }

  private withAccount<T>(
    token: string,
    act: (account: Account) => Result<T, DomainError>,
  ): Result<T, DomainError> {
    const id = this.tokens.get(token);
    const account = id === undefined ? undefined : this.accounts.get(id);
    return account === undefined ? err({ kind: "unauthorized" }) : act(account);
  }

  private send(to: string, purpose: SentCode["purpose"]): string {
    const code = String(this.nextCode++);
    this.sent.push({ to, purpose, code });
    return code;
  }

  private sendsLeft(to: string): number {
    return Math.max(0, this.codesPerAddress - this.sent.filter((s) => s.to === to).length);
  }

  /** The service's refusal of a malformed email or an unusable password, if any. */
  private refusedInput(registration: Registration): DomainError | undefined {
    const email = emailField.safeParse(registration.email);
    if (!email.success) {
      const message = email.error.issues[0]?.message ?? messages.auth.emailInvalid;
      return { kind: "invalid", message, fields: { email: [message] } };
    }
    const problem = passwordProblem(registration.password, registration);
    return problem === null
      ? undefined
      : { kind: "invalid", message: problem, fields: { password: [problem] } };
  }

  private lastCode(to: string, purpose: SentCode["purpose"]): string | undefined {
    return this.sent.findLast((s) => s.to === to && s.purpose === purpose)?.code;
  }
}
