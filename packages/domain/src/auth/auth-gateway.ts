import type { ImageUpload } from "../media/image-upload.js";
import type { DomainError, Result } from "../result.js";
import type { Gender, User } from "./user.js";

export interface Registration {
  readonly name: string;
  readonly email: string;
  readonly phone: string;
  readonly password: string;
}

/** What login answers: the token (the service's `key`) and the user. */
export interface Session {
  readonly token: string;
  readonly user: User;
}

/** The signed-in user as the service knows them now (`users/me/`). */
export interface CurrentUser {
  readonly user: User;
  readonly isAdmin: boolean;
}

/** Profile fields to change; a missing field stays as it is, null clears it. */
export interface ProfileChanges {
  readonly name?: string;
  readonly phone?: string;
  readonly country?: string | null;
  /** YYYY-MM-DD. */
  readonly dateOfBirth?: string | null;
  readonly gender?: Gender | null;
}

/**
 * The authentication service (spec §7 "Auth service", plus me/logout/delete which the spec leaves
 * unshown). Calls taking a token answer `unauthorized` when it is refused. The refusals each call
 * can answer besides the shared failures are named on it.
 */
/** A new account, and whether its code could be e-mailed. */
export interface Registered {
  readonly user: User;
  readonly codeSent: boolean;
}

export interface AuthGateway {
  /**
   * The new, unverified user; a code goes to their email (`codeSent` false: the account exists but
   * the code could not be sent, Resend gets a new one). 'already-registered', 'too-many-attempts'.
   */
  register(registration: Registration): Promise<Result<Registered, DomainError>>;
  /** Confirms the email. 'wrong-code', 'not-found', 'too-many-attempts', 'server'. */
  verify(code: { readonly email: string; readonly otp: string }): Promise<Result<void, DomainError>>;
  /** Sends a new sign-up code. 'not-found', 'too-many-attempts'. */
  resendCode(email: string): Promise<Result<void, DomainError>>;
  /** `username` is the email or the phone. 'invalid-credentials', 'not-verified', 'too-many-attempts'. */
  login(credentials: {
    readonly username: string;
    readonly password: string;
  }): Promise<Result<Session, DomainError>>;
  /** Revokes the token. */
  logout(token: string): Promise<Result<void, DomainError>>;
  /** Sends a reset code (and link). 'not-found', 'too-many-attempts'. */
  requestReset(email: string): Promise<Result<void, DomainError>>;
  /** Checks the reset code; answers the one-use reset key. 'wrong-code', 'not-found', 'too-many-attempts'. */
  verifyReset(code: { readonly email: string; readonly otp: string }): Promise<Result<string, DomainError>>;
  /** Sets the new password with the reset key. 'not-found' for an unknown or used key. */
  completeReset(reset: {
    readonly key: string;
    readonly newPassword: string;
  }): Promise<Result<void, DomainError>>;
  updateProfile(token: string, changes: ProfileChanges): Promise<Result<User, DomainError>>;
  /** 'invalid' for a file that is not an image or too large. */
  changePicture(token: string, picture: ImageUpload): Promise<Result<User, DomainError>>;
  /** 'wrong-password' when the old password is wrong. */
  changePassword(
    token: string,
    change: { readonly oldPassword: string; readonly newPassword: string },
  ): Promise<Result<void, DomainError>>;
  /** Sends a code to the new address. 'taken', 'too-many-attempts'. */
  requestEmailChange(token: string, newEmail: string): Promise<Result<void, DomainError>>;
  /** The user with the new email. 'wrong-code', 'taken'. */
  confirmEmailChange(
    token: string,
    change: { readonly newEmail: string; readonly otp: string },
  ): Promise<Result<User, DomainError>>;
  /** Deletes the account and ends every session. 'wrong-password', 'too-many-attempts'. */
  deleteAccount(token: string, password: string): Promise<Result<void, DomainError>>;
  me(token: string): Promise<Result<CurrentUser, DomainError>>;
}
