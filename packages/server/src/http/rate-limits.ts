import { messages } from "@katale/domain";
import type { FastifyReply } from "fastify";
import type { Redis } from "ioredis";
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRedis,
  RateLimiterRes,
} from "rate-limiter-flexible";
import { type ErrorWords, sendError } from "./error-reply.js";

// Every rate limit of the services (auth, feedback, address suggestions), on rate-limiter-flexible:
// named allowances of `points` per fixed window of `duration` seconds, counted per key (a client
// address or an account), in a store every instance shares when there are several (CounterStore).
// Behind a reverse proxy set TRUST_PROXY (its hops or addresses), or every client shares the proxy's
// address. A refusal is 429 with `Retry-After` and the code `rate_limited` (tooManyRequests).

export interface Limit {
  /** Attempts allowed per window. */
  points: number;
  /** Window length in seconds. */
  duration: number;
}

/**
 * Where the counts are kept: this process's memory (one instance, PGlite, unit tests), the
 * `rate_limit_counters` table of the app's PostgreSQL (migration 0007; every instance on the database
 * shares it), or Redis when REDIS_URL is set. http/shared-counters.ts picks one from the configuration.
 */
export type CounterStore =
  | { kind: "memory" }
  | {
      kind: "postgres";
      /** Runs one statement with its parameters (the app's pool, through Kysely). */
      query(text: string, values: readonly unknown[]): Promise<{ rows: unknown[]; rowCount: number }>;
    }
  | { kind: "redis"; client: Redis };

export const MEMORY_COUNTERS: CounterStore = { kind: "memory" };

/** The table of the PostgreSQL store (migration 0007). */
export const COUNTER_TABLE = "rate_limit_counters";

/** The one place where counts are kept: callers see the same limiter whatever the store. */
function counterFor(store: CounterStore, keyPrefix: string, limit: Limit): RateLimiterAbstract {
  const options = { keyPrefix, points: limit.points, duration: limit.duration };
  switch (store.kind) {
    case "memory":
      return new RateLimiterMemory(options);
    case "postgres":
      return new RateLimiterPostgres({
        ...options,
        // rate-limiter-flexible calls `query({ text, values })` on a pool; its statement names are dropped.
        storeClient: {
          query: (q: { text: string; values?: unknown[] }) => store.query(q.text, q.values ?? []),
        },
        storeType: "pool",
        tableName: COUNTER_TABLE,
        tableCreated: true,
        // Ended windows are swept once per instance (shared-counters.ts), not by every limiter.
        clearExpiredByTimeout: false,
      });
    case "redis":
      return new RateLimiterRedis({
        ...options,
        storeClient: store.client,
        rejectIfRedisNotReady: true,
        // While Redis is away each instance counts alone instead of refusing or failing requests.
        insuranceLimiter: new RateLimiterMemory(options),
      });
  }
}

/** Seconds a refused client waits: at least one. */
function secondsOf(ms: number): number {
  return Math.max(1, Math.ceil(ms / 1000));
}

/** One attempt to count (`hit`) or an allowance to look at without counting (`check`). */
export type LimitCheck<Name extends string> = readonly [name: Name, key: string, mode: "hit" | "check"];

export class RateLimits<Name extends string> {
  private readonly counters: Record<Name, RateLimiterAbstract>;
  private readonly enabled: boolean;

  /**
   * @param scope names this set of limits in a shared store (`auth`, `feedback`, `geo`).
   * @param options.enabled false lets everything through (AUTH_RATE_LIMITS=off, refused in production).
   * @param options.store where the counts are kept (this process's memory unless given).
   */
  constructor(
    scope: string,
    limits: Record<Name, Limit>,
    options: { enabled?: boolean; store?: CounterStore } = {},
  ) {
    this.enabled = options.enabled ?? true;
    const store = options.store ?? MEMORY_COUNTERS;
    const entries = Object.entries(limits) as [Name, Limit][];
    this.counters = Object.fromEntries(
      entries.map(([name, limit]) => [name, counterFor(store, `${scope}.${name}`, limit)]),
    ) as Record<Name, RateLimiterAbstract>;
  }

  /** Counts one attempt; answers the seconds to wait when the allowance is used up, else null. */
  async hit(name: Name, key: string): Promise<number | null> {
    if (!this.enabled) return null;
    try {
      await this.counters[name].consume(key);
      return null;
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) return secondsOf(rejection.msBeforeNext);
      throw rejection;
    }
  }

  /**
   * Counts one attempt that is never refused (a counter kept for detection); answers how many
   * attempts the window holds now, 0 when switched off.
   */
  async tally(name: Name, key: string): Promise<number> {
    if (!this.enabled) return 0;
    const state = await this.counters[name].penalty(key, 1);
    return state.consumedPoints;
  }

  /** Whether `key` has used up its allowance, without counting an attempt; seconds to wait or null. */
  async exhausted(name: Name, key: string): Promise<number | null> {
    if (!this.enabled) return null;
    const counter = this.counters[name];
    const state = await counter.get(key);
    if (!state || state.consumedPoints < counter.points) return null;
    return secondsOf(state.msBeforeNext);
  }

  /** Forgets `key`'s attempts (a success clears an account's failures). */
  async clear(name: Name, key: string): Promise<void> {
    await this.counters[name].delete(key);
  }

  /** Runs the checks in order; the seconds to wait for the first allowance used up, else null. */
  async first(checks: readonly LimitCheck<Name>[]): Promise<number | null> {
    for (const [name, key, mode] of checks) {
      const wait = mode === "hit" ? await this.hit(name, key) : await this.exhausted(name, key);
      if (wait !== null) return wait;
    }
    return null;
  }
}

/** The 429 answer of every limit: `Retry-After`, the code `rate_limited` and the words. */
export function tooManyRequests(
  reply: FastifyReply,
  retryAfterSeconds: number,
  words: ErrorWords = { detail: messages.auth.tooManyAttempts },
) {
  reply.header("retry-after", String(retryAfterSeconds));
  return sendError(reply, 429, "rate_limited", words);
}

/**
 * Runs the checks; when one is used up, answers 429 and resolves true (the handler returns the
 * reply), else false.
 */
export async function refusedByLimits<Name extends string>(
  reply: FastifyReply,
  limits: RateLimits<Name>,
  checks: readonly LimitCheck<Name>[],
  words?: ErrorWords,
): Promise<boolean> {
  const wait = await limits.first(checks);
  if (wait === null) return false;
  await tooManyRequests(reply, wait, words);
  return true;
}
