import type { Location } from "react-router";

/** A line the next screen shows in its success banner (e.g. 'Password reset successfully' on /login). */
export interface AuthNotice {
  readonly notice?: string;
  /** A failure carried over (the OTP popup's, shown on /register). */
  readonly failure?: string;
  /** The email the failure is about, to offer entering the code again. */
  readonly email?: string;
}

export function noticeOf(location: Location): AuthNotice {
  const state: unknown = location.state;
  if (typeof state !== "object" || state === null) return {};
  const { notice, failure, email } = state as Record<string, unknown>;
  return {
    ...(typeof notice === "string" ? { notice } : {}),
    ...(typeof failure === "string" ? { failure } : {}),
    ...(typeof email === "string" ? { email } : {}),
  };
}
