import { messages } from "../messages.js";

// What a new password may not be (OWASP ASVS 5.0 V6, issue 14): only spaces, one of the commonly
// used passwords, or the account's own e-mail or phone. The forms check it before sending and the
// server again. The common-passwords list (common-passwords.ts, 219 KB gzipped) is installed by the
// server and the CLI with `useCommonPasswords`; the web app leaves that one check to the server.

/** Whether a password is on the common-passwords list. */
export type CommonPasswordCheck = (password: string) => boolean;

let isCommon: CommonPasswordCheck = () => false;

/** Installs the common-passwords check `passwordProblem` uses (the server and the CLI, at start). */
export function useCommonPasswords(check: CommonPasswordCheck): void {
  isCommon = check;
}

/** Digits only, without a leading country code or 0: "+256 772 123456" and "0772123456" match. */
function phoneDigits(value: string): string {
  return value.replace(/\D/g, "").replace(/^(256|0)/, "");
}

/** The account's own names a password may not repeat. */
export interface PasswordOwner {
  email?: string | null;
  phone?: string | null;
}

/** The message for a new password that is refused, or null when it may be used. */
export function passwordProblem(password: string, owner: PasswordOwner = {}): string | null {
  if (password.trim().length === 0) return messages.auth.passwordBlank;
  if (isCommon(password) || isCommon(password.trim())) return messages.auth.passwordCommon;
  const typed = password.trim().toLowerCase();
  if (owner.email && typed === owner.email.trim().toLowerCase()) return messages.auth.passwordIsIdentity;
  if (owner.phone && phoneDigits(owner.phone).length > 0 && /^[\d\s+()-]+$/.test(typed)) {
    if (phoneDigits(typed) === phoneDigits(owner.phone)) return messages.auth.passwordIsIdentity;
  }
  return null;
}
