import { randomUUID } from "node:crypto";
import { BatchLoader } from "../db/batch-loader.js";
import { COUNTER_TABLE, type CounterStore, type Limit, RateLimits } from "../http/rate-limits.js";
import type { SocketCounts } from "./chat-hub.js";

// The chat's message allowance per user (issue 11), counted where the rate limits of every service
// count (http/shared-counters.ts), so several instances count together. In memory and in Redis one
// counter call per message (rate-limiter-flexible). In PostgreSQL one call per message would be one
// committed statement per message, the chat's busiest path: the messages heard in one turn of the
// event loop (or while the previous count is on its way) are counted by one statement instead (their users' rows of rate_limit_counters, the
// same rows and window rules as rate-limiter-flexible's, so either reads what the other wrote), and
// that statement does not wait for its commit to reach the disk (a counter lost in a crash only
// gives a user a few more messages).

/** Counts one message of a user's; resolves true when it is within the allowance. */
export interface MessageAllowance {
  take(userId: number): Promise<boolean>;
}

/** The rows' keys: rate-limiter-flexible's `${keyPrefix}:${key}`. */
const KEY_PREFIX = "chat.message";

export function messageAllowance(store: CounterStore, limit: Limit): MessageAllowance {
  if (store.kind === "postgres") return new BatchedPostgresAllowance(store.query, limit);
  const limits = new RateLimits("chat", { message: limit }, { store });
  return { take: async (userId) => (await limits.hit("message", String(userId))) === null };
}

type Query = Extract<CounterStore, { kind: "postgres" }>["query"];

class BatchedPostgresAllowance implements MessageAllowance {
  private readonly batches = new BatchLoader<string, boolean>((keys) => this.count(keys));

  constructor(
    private readonly query: Query,
    private readonly limit: Limit,
  ) {}

  take(userId: number): Promise<boolean> {
    return this.batches.load(`${KEY_PREFIX}:${userId}`);
  }

  private async count(asked: string[]): Promise<(boolean | Promise<boolean>)[]> {
    const counts = new Map<string, number>();
    for (const key of asked) counts.set(key, (counts.get(key) ?? 0) + 1);
    const now = Date.now();
    // A row whose window ended starts a new one with this batch's count; otherwise it adds to it.
    const { rows } = await this.query(
      `WITH quick AS (SELECT set_config('synchronous_commit', 'off', true))
       INSERT INTO ${COUNTER_TABLE} AS c (key, points, expire)
         SELECT k, n, $3 FROM unnest($1::text[], $2::int[]) AS t(k, n), quick
       ON CONFLICT (key) DO UPDATE SET
         points = CASE WHEN c.expire <= $4 THEN EXCLUDED.points ELSE c.points + EXCLUDED.points END,
         expire = CASE WHEN c.expire <= $4 THEN EXCLUDED.expire ELSE c.expire END
       RETURNING key, points`,
      [[...counts.keys()], [...counts.values()], now + this.limit.duration * 1000, now],
    );
    // The points before this batch, then each message in the order it asked.
    const points = new Map(
      (rows as { key: string; points: number }[]).map((row) => [
        row.key,
        Number(row.points) - counts.get(row.key)!,
      ]),
    );
    return asked.map((key) => {
      const before = points.get(key);
      if (before === undefined) return Promise.reject(new Error("chat limit not counted"));
      points.set(key, before + 1);
      return before + 1 <= this.limit.points;
    });
  }
}

// ---- open sockets per user, across instances ----
//
// Each instance keeps a lease per user it holds sockets of: the count on this instance and until
// when it holds (SOCKET_LEASE_MS, three heartbeats). It is written at each change (a socket opened
// or closed; removed at 0) and renewed with every heartbeat (chat-hub.ts), so an instance that dies
// without closing its sockets stops counting once its leases run out. Admission adds the leases of
// the other instances that are still running to this instance's own count. Two admissions at the
// same moment on two instances may both pass: the limit is "about" 20. In memory (PGlite: one
// instance) the hub's own count is the whole count.

/** How long a lease holds without being renewed: three heartbeats. */
export const SOCKET_LEASE_MS = 90_000;

export interface SocketLeases extends SocketCounts {
  /** The user's open sockets on the other instances (leases still running). */
  elsewhere(userId: number): Promise<number>;
  /** Resolves once the writes asked for so far are done (tests). */
  settled(): Promise<void>;
}

const SOCKETS_PREFIX = "chat.sockets";

/** This instance's leases in the store; undefined in memory (the hub's count is the whole count). */
export function socketLeases(
  store: CounterStore,
  onError: (error: unknown) => void,
  leaseMs = SOCKET_LEASE_MS,
): SocketLeases | undefined {
  const instance = randomUUID();
  let writes: Promise<void> = Promise.resolve();
  // One write after the other: a user's counts land in the order they changed.
  const write = (run: () => Promise<unknown>) => {
    writes = writes.then(run).then(
      () => {},
      (error: unknown) => onError(error),
    );
  };
  if (store.kind === "postgres") {
    const key = (userId: number) => `${SOCKETS_PREFIX}:${userId}:${instance}`;
    const upsert = (keys: string[], counts: number[]) =>
      store.query(
        `WITH quick AS (SELECT set_config('synchronous_commit', 'off', true))
         INSERT INTO ${COUNTER_TABLE} AS c (key, points, expire)
           SELECT k, n, $3 FROM unnest($1::text[], $2::int[]) AS t(k, n), quick
         ON CONFLICT (key) DO UPDATE SET points = EXCLUDED.points, expire = EXCLUDED.expire`,
        [keys, counts, Date.now() + leaseMs],
      );
    return {
      async elsewhere(userId) {
        const { rows } = await store.query(
          `SELECT coalesce(sum(points), 0)::int AS n FROM ${COUNTER_TABLE}
            WHERE key LIKE $1 AND key <> $2 AND expire > $3`,
          [`${SOCKETS_PREFIX}:${userId}:%`, key(userId), Date.now()],
        );
        return Number((rows[0] as { n: number } | undefined)?.n ?? 0);
      },
      changed(userId, count) {
        write(() =>
          count > 0
            ? upsert([key(userId)], [count])
            : store.query(
                `WITH quick AS (SELECT set_config('synchronous_commit', 'off', true))
                 DELETE FROM ${COUNTER_TABLE} USING quick WHERE key = $1`,
                [key(userId)],
              ),
        );
      },
      heartbeat(counts) {
        if (counts.size === 0) return;
        const users = [...counts.keys()];
        write(() =>
          upsert(
            users.map(key),
            users.map((u) => counts.get(u) ?? 0),
          ),
        );
      },
      settled: () => writes,
    };
  }
  if (store.kind === "redis") {
    // One hash per user: a field per instance (its count) and `<instance>:until` (its lease's end).
    const { client } = store;
    const hash = (userId: number) => `${SOCKETS_PREFIX}:${userId}`;
    const renew = (userId: number, count: number) =>
      client
        .multi()
        .hset(hash(userId), instance, count, `${instance}:until`, Date.now() + leaseMs)
        .pexpire(hash(userId), leaseMs)
        .exec();
    return {
      async elsewhere(userId) {
        const fields = await client.hgetall(hash(userId));
        const now = Date.now();
        let n = 0;
        for (const [field, value] of Object.entries(fields)) {
          if (field.includes(":") || field === instance) continue;
          if (Number(fields[`${field}:until`] ?? 0) > now) n += Number(value) || 0;
        }
        return n;
      },
      changed(userId, count) {
        write(() =>
          count > 0 ? renew(userId, count) : client.hdel(hash(userId), instance, `${instance}:until`),
        );
      },
      heartbeat(counts) {
        for (const [userId, count] of counts) write(() => renew(userId, count));
      },
      settled: () => writes,
    };
  }
  return undefined;
}
