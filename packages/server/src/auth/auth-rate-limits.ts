import { type CounterStore, type Limit, MEMORY_COUNTERS, RateLimits } from "../http/rate-limits.js";

// Rate limits of the authentication service (issue 4): per client address and per account, on
// login, code checks and code sends (counted by http/rate-limits.ts, in a store every instance
// shares). A client address is its limit key (http/client-address.ts): an IPv4 address, or an
// IPv6 client's /64. The day's codes and wrong codes per account and address, under a ceiling for
// the account (kept in the database, one-time-codes.ts), bound guessing whatever the counters.
// Wrong passwords, wrong codes and code e-mails lock an account and address pair, never the account
// alone: a stranger elsewhere cannot lock the owner out (issue 14 MF6).

const MINUTES_15 = 15 * 60;

export const AUTH_LIMITS = {
  /** Every login attempt from one address. */
  loginPerAddress: { points: 100, duration: MINUTES_15 },
  /**
   * Failed password checks of one account from one address (login, phone login, password change,
   * account deletion): the pair is locked once they are used up; success clears it.
   */
  passwordFailuresPerPair: { points: 10, duration: MINUTES_15 },
  /**
   * Failed password checks of one account from every address: never refused (anyone could lock the
   * owner out), logged when used up, and every later check of the account is slowed down.
   */
  passwordFailuresPerAccount: { points: 10, duration: MINUTES_15 },
  /** Every code check from one address. */
  codeChecksPerAddress: { points: 60, duration: MINUTES_15 },
  /**
   * Wrong codes entered for one account from one address, whatever the code: the pair is locked
   * once they are used up; a right code clears it. A code never dies of wrong tries: a stranger's
   * failures stop the stranger, not the owner's code.
   */
  codeFailuresPerPair: { points: 10, duration: MINUTES_15 },
  /**
   * Wrong codes for one account from every address: never refused (anyone could block the owner's
   * reset), logged when used up. The day's wrong codes (one-time-codes.ts) bound guessing.
   */
  codeFailuresPerAccount: { points: 10, duration: MINUTES_15 },
  /** E-mails with codes requested from one address. */
  codeSendsPerAddress: { points: 30, duration: MINUTES_15 },
  /**
   * E-mails with codes to one account asked from one address. Never per account alone: the owner's
   * own request from their address still goes (the daily allowance, per account and address under
   * a ceiling for the account, bounds the account's e-mails).
   */
  codeSendsPerPair: { points: 5, duration: MINUTES_15 },
} as const satisfies Record<string, Limit>;

export type AuthLimitName = keyof typeof AUTH_LIMITS;
export type AuthRateLimits = RateLimits<AuthLimitName>;

/**
 * The auth service's limits; `enabled` false is AUTH_RATE_LIMITS=off (never in production). With
 * several instances `store` is the shared one, so an account's lock counts failures on all of them.
 */
export function authRateLimits(
  enabled: boolean,
  limits: Record<AuthLimitName, Limit> = AUTH_LIMITS,
  store: CounterStore = MEMORY_COUNTERS,
): AuthRateLimits {
  return new RateLimits("auth", limits, { enabled, store });
}
