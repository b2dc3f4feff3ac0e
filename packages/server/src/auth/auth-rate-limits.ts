import { messages } from "@katale/domain";
import type { FastifyReply } from "fastify";
import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";

// Rate limits of the authentication service (issue 4): per client address and per account, on
// login, code checks and code sends. Counters live in this process's memory (fixed windows), so with
// several instances behind a balancer each keeps its own; the per-code try limit and the per-account
// lock still bound guessing. Behind a reverse proxy set TRUST_PROXY=true, or every client shares the
// proxy's address.

export interface Limit {
  /** Attempts allowed per window. */
  points: number;
  /** Window length in seconds. */
  duration: number;
}

const MINUTES_15 = 15 * 60;

export const AUTH_LIMITS = {
  /** Every login attempt from one address. */
  loginPerAddress: { points: 100, duration: MINUTES_15 },
  /** Failed logins (and failed password checks) of one account; success clears it. */
  passwordFailuresPerAccount: { points: 10, duration: MINUTES_15 },
  /** Every code check from one address. */
  codeChecksPerAddress: { points: 60, duration: MINUTES_15 },
  /** Wrong codes entered for one account, whatever the code (each code also dies after 5). */
  codeFailuresPerAccount: { points: 10, duration: MINUTES_15 },
  /** E-mails with codes requested from one address. */
  codeSendsPerAddress: { points: 30, duration: MINUTES_15 },
  /** E-mails with codes sent to one account or address. */
  codeSendsPerAccount: { points: 5, duration: MINUTES_15 },
} as const satisfies Record<string, Limit>;

export type LimitName = keyof typeof AUTH_LIMITS;

export class AuthRateLimits {
  private readonly limiters = new Map<LimitName, RateLimiterMemory>();

  constructor(
    private readonly enabled: boolean,
    limits: Record<LimitName, Limit> = AUTH_LIMITS,
  ) {
    for (const [name, limit] of Object.entries(limits) as [LimitName, Limit][]) {
      this.limiters.set(name, new RateLimiterMemory({ keyPrefix: name, ...limit }));
    }
  }

  /** Counts one attempt; answers the seconds to wait when the allowance is used up, else null. */
  async hit(name: LimitName, key: string): Promise<number | null> {
    if (!this.enabled) return null;
    try {
      await this.limiters.get(name)!.consume(key);
      return null;
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) return Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
      throw rejection;
    }
  }

  /** Whether `key` has used up its allowance, without counting an attempt; seconds to wait or null. */
  async exhausted(name: LimitName, key: string): Promise<number | null> {
    if (!this.enabled) return null;
    const limiter = this.limiters.get(name)!;
    const state = await limiter.get(key);
    if (!state || state.consumedPoints < limiter.points) return null;
    return Math.max(1, Math.ceil(state.msBeforeNext / 1000));
  }

  async clear(name: LimitName, key: string): Promise<void> {
    await this.limiters.get(name)!.delete(key);
  }
}

/** The 429 answer: a detail and Retry-After. */
export function tooManyAttempts(reply: FastifyReply, retryAfterSeconds: number) {
  return reply
    .code(429)
    .header("retry-after", String(retryAfterSeconds))
    .send({ detail: messages.auth.tooManyAttempts });
}
