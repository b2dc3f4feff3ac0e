import { CompiledQuery } from "kysely";
import type { Config } from "../config.js";
import type { DatabaseHandle, DatabaseLog } from "../db/connect.js";
import { COUNTER_TABLE, type CounterStore, MEMORY_COUNTERS } from "./rate-limits.js";

// Where the rate limits of every service count (issue 13): with several instances behind a balancer
// a client's attempts must add up whichever instance answers them. Redis when REDIS_URL is set, else
// the app's PostgreSQL (table rate_limit_counters, migration 0007), else (PGlite: one process by
// construction) this process's memory.

export interface SharedCounters {
  store: CounterStore;
  close(): Promise<void>;
}

/** Ended windows are deleted this often (each instance; the statement is cheap and idempotent). */
const SWEEP_MS = 5 * 60_000;
/** Keys in Redis start with this, so the database can be shared with other software. */
const REDIS_PREFIX = "katale:limits:";
const REDIS_CONNECT_TIMEOUT_MS = 5000;

export async function openSharedCounters(
  config: Pick<Config, "redisUrl">,
  database: Pick<DatabaseHandle, "db" | "kind">,
  log: DatabaseLog,
): Promise<SharedCounters> {
  if (config.redisUrl) return openRedis(config.redisUrl, log);
  if (database.kind !== "postgres") return { store: MEMORY_COUNTERS, close: async () => {} };

  const { db } = database;
  const query = async (text: string, values: readonly unknown[]) => {
    const result = await db.executeQuery(CompiledQuery.raw(text, [...values]));
    const affected = result.numAffectedRows;
    return { rows: result.rows, rowCount: affected === undefined ? result.rows.length : Number(affected) };
  };
  const sweep = setInterval(() => {
    query(`DELETE FROM ${COUNTER_TABLE} WHERE expire < $1`, [Date.now()]).catch(() => {
      // Not critical: the next sweep deletes them.
    });
  }, SWEEP_MS);
  sweep.unref();
  return { store: { kind: "postgres", query }, close: async () => clearInterval(sweep) };
}

async function openRedis(url: string, log: DatabaseLog): Promise<SharedCounters> {
  // Loaded only when used: most installations never need it, and it costs start-up time.
  const { Redis } = await import("ioredis");
  const client = new Redis(url, {
    lazyConnect: true,
    keyPrefix: REDIS_PREFIX,
    connectTimeout: REDIS_CONNECT_TIMEOUT_MS,
    // A command while Redis is away fails at once: the limits count in memory meanwhile.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
  });
  let connected = false;
  let lost = false;
  client.on("error", (err: Error) => {
    // Before the first connection the error is start-up's to report (below).
    if (!connected || lost) return;
    lost = true;
    log.warn(
      { err: { message: err.message } },
      "Redis connection lost; rate limits count in this instance's memory until it is back",
    );
  });
  client.on("ready", () => {
    if (!lost) return;
    lost = false;
    log.info({}, "Redis connection back; rate limits are shared again");
  });
  try {
    await client.connect();
    connected = true;
  } catch (err) {
    client.disconnect();
    const where = URL.canParse(url) ? ` at ${new URL(url).host}` : "";
    throw new Error(`Redis${where} cannot be reached: ${(err as Error).message}`);
  }
  return {
    store: { kind: "redis", client },
    async close() {
      await client.quit().catch(() => client.disconnect());
    },
  };
}
