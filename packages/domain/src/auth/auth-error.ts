import type { DomainError } from "../result.js";

/**
 * What the authentication service can refuse, beyond the failures every call shares. The HTTP
 * adapter turns statuses and bodies into these (spec §7, §8); the use cases turn them into words.
 */
export type AuthRefusal =
  /** Registration: the email, the phone or both belong to another account. */
  | { readonly kind: "already-registered"; readonly email: boolean; readonly phone: boolean }
  /** A one-time code that is wrong, expired, used or dead after too many tries. */
  | { readonly kind: "wrong-code" }
  /** Login: no account with that username and password. */
  | { readonly kind: "invalid-credentials" }
  /** Login: the account's email is not confirmed yet. */
  | { readonly kind: "not-verified" }
  /** Password change or account deletion: the current password is wrong. */
  | { readonly kind: "wrong-password" }
  /** E-mail change: the new address belongs to another account. */
  | { readonly kind: "taken" }
  /** Rate limit: the service refuses more tries for a while. */
  | { readonly kind: "too-many-attempts" };

/**
 * Failures of the auth ports. `unauthorized` means the token was refused (expired, revoked, the
 * account deleted); `not-found` an unknown account or reset key.
 */
export type AuthError = DomainError | AuthRefusal;
export type AuthErrorKind = AuthError["kind"];
