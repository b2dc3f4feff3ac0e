import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import { describeConnectionError } from "./connection-errors.js";
import { isNewDataDir, pgliteFileOptions, syncTree } from "./durable-pglite.js";
import { pglitePools } from "./pglite-pool.js";
import { resilientPool } from "./postgres-pool.js";
import type { Database } from "./schema.js";

export type DatabaseKind = "pglite" | "postgres";

/** Where the database reports connections it lost and found again (the app's logger, pino-shaped). */
export interface DatabaseLog {
  warn(fields: object, message: string): void;
  info(fields: object, message: string): void;
}

export interface DatabaseHandle {
  db: Kysely<Database>;
  /**
   * The same database for the few statements that must not wait behind the catalogue's reads (the
   * accounts service: logins, sign-ups, codes): PostgreSQL connections of their own
   * (PRIORITY_POOL_SIZE), and on PGlite the first turn on its one connection.
   */
  priorityDb: Kysely<Database>;
  kind: DatabaseKind;
  /**
   * Calls `onNotify` for every NOTIFY on `channel` (from any connection or process); returns stop.
   * On PostgreSQL a lost listening connection is opened again (with backoff), and `onNotify("")` is
   * called then, as notifications may have been missed meanwhile.
   */
  listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>>;
  /** Send connection problems to this log (nothing is logged before). */
  setLog(log: DatabaseLog): void;
  close(): Promise<void>;
}

const CHANNEL = /^[a-z_][a-z0-9_]*$/;

// Both drivers read the same way: bigint and numeric as JS numbers (UGX amounts and counts stay far
// below 2^53), dates as 'YYYY-MM-DD' strings, timestamptz as Date.
const INT8 = 20;
const NUMERIC = 1700;
const DATE = 1082;
const toNumber = (value: string) => Number(value);
const identity = (value: string) => value;

/** A request waits at most this long for a PostgreSQL connection, then answers 503. */
const CONNECT_TIMEOUT_MS = 10_000;
/** The LISTEN connection is opened again after this long, doubling up to the maximum. */
const RELISTEN_FIRST_MS = 100;
const RELISTEN_MAX_MS = 30_000;

export interface ConnectOptions {
  /** Set: PostgreSQL proper. Unset: PGlite in `${dataDir}/db` (or in memory when dataDir is "memory://"). */
  databaseUrl?: string | undefined;
  dataDir: string;
  /** Pool size for PostgreSQL. */
  poolSize?: number;
  /** PGlite on disk: fsync every commit (default true; PGLITE_FSYNC=off, tests). */
  durable?: boolean;
  /**
   * PGlite in memory: start from this data directory (a `dumpDataDir` archive) instead of running
   * initdb (tests start from a migrated one, testing/pglite-templates.ts).
   */
  template?: Blob | undefined;
}

export async function connectDatabase(options: ConnectOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) return connectPostgres(options.databaseUrl, options.poolSize ?? 10);
  return connectPglite(options);
}

const quiet: DatabaseLog = { warn() {}, info() {} };

/** The accounts service's own PostgreSQL connections (DatabaseHandle.priorityDb), per instance. */
export const PRIORITY_POOL_SIZE = 2;

async function connectPostgres(connectionString: string, poolSize: number): Promise<DatabaseHandle> {
  let log = quiet;
  const open = (max: number) => {
    const pool = new pg.Pool({
      connectionString,
      max,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      keepAlive: true,
      types: {
        getTypeParser(oid: number, format?: "text" | "binary") {
          if (oid === INT8 || oid === NUMERIC) return toNumber;
          if (oid === DATE) return identity;
          // biome-ignore lint/suspicious/noExplicitAny: pg's own overloads.
          return (pg.types.getTypeParser as any)(oid, format);
        },
      },
    });
    // An idle connection that the server ends (a restart, a failover, pg_terminate_backend) is an
    // 'error' event of the pool, and of the client while a request holds it: unheard, either would
    // end the process. The pool drops the connection and opens a new one when next needed; a request
    // that held it fails with the connection error (retried when safe, else 503).
    pool.on("error", (err) =>
      log.warn(
        { err: { code: (err as { code?: string }).code, message: describeConnectionError(err) } },
        "database connection lost",
      ),
    );
    pool.on("connect", (client) => client.on("error", () => {}));
    return pool;
  };
  const pool = open(poolSize);
  try {
    await pool.query("select 1");
  } catch (err) {
    await pool.end().catch(() => {});
    const where = URL.canParse(connectionString) ? ` at ${new URL(connectionString).host}` : "";
    throw new Error(`PostgreSQL${where} cannot be reached: ${describeConnectionError(err)}`);
  }

  const kysely = (from: pg.Pool) =>
    new Kysely<Database>({
      dialect: new PostgresDialect({
        pool: resilientPool(from, (err) =>
          log.warn(
            { err: { code: (err as { code?: string }).code, message: err.message } },
            "database connection lost; reading again",
          ),
        ),
      }),
    });
  const db = kysely(pool);
  const priorityDb = kysely(open(PRIORITY_POOL_SIZE));
  const stops = new Set<() => Promise<void>>();
  return {
    db,
    priorityDb,
    kind: "postgres",
    async listen(channel, onNotify) {
      if (!CHANNEL.test(channel)) throw new Error(`bad channel name ${channel}`);
      const listener = await keepListening(connectionString, channel, onNotify, () => log);
      const stop = async () => {
        stops.delete(stop);
        await listener.stop();
      };
      stops.add(stop);
      return stop;
    },
    setLog(next) {
      log = next;
    },
    async close() {
      await Promise.all([...stops].map((stop) => stop()));
      await Promise.all([db.destroy(), priorityDb.destroy()]);
    },
  };
}

/**
 * LISTEN needs a connection of its own, outside the pool. When it is lost it is opened again, first
 * after RELISTEN_FIRST_MS, then doubling (with jitter) up to RELISTEN_MAX_MS; once it is back,
 * `onNotify("")` tells the listener that it may have missed notifications.
 */
async function keepListening(
  connectionString: string,
  channel: string,
  onNotify: (payload: string) => void,
  log: () => DatabaseLog,
) {
  let current: pg.Client | undefined;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let delay = RELISTEN_FIRST_MS;

  const open = async () => {
    const client = new pg.Client({
      connectionString,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      keepAlive: true,
    });
    client.on("error", () => lost(client));
    client.on("end", () => lost(client));
    client.on("notification", (n) => {
      if (n.channel === channel) onNotify(n.payload ?? "");
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${channel}`);
    } catch (err) {
      await client.end().catch(() => {});
      throw err;
    }
    if (stopped) {
      await client.end().catch(() => {});
      return;
    }
    current = client;
  };

  const lost = (client: pg.Client) => {
    if (client !== current || stopped) return;
    current = undefined;
    client.end().catch(() => {});
    log().warn({ channel }, "database notifications lost; listening again");
    retry();
  };

  const retry = () => {
    if (stopped || timer) return;
    timer = setTimeout(
      async () => {
        timer = undefined;
        try {
          await open();
        } catch (err) {
          delay = Math.min(delay * 2, RELISTEN_MAX_MS);
          log().warn(
            { channel, err: { message: describeConnectionError(err) } },
            "database notifications: cannot listen yet",
          );
          retry();
          return;
        }
        if (stopped) return;
        delay = RELISTEN_FIRST_MS;
        log().info({ channel }, "database notifications: listening again");
        onNotify("");
      },
      delay * (0.5 + Math.random() / 2),
    );
    timer.unref();
  };

  await open();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      const client = current;
      current = undefined;
      await client?.end().catch(() => {});
    },
  };
}

/** PGlite with the server's extension and parsers: in `dataDir`, or in memory (from `template` if given). */
export function connectPgliteClient(
  options: { dataDir?: string | undefined; durable?: boolean; template?: Blob | undefined } = {},
): Promise<PGlite> {
  const { dataDir, durable = false, template } = options;
  return PGlite.create({
    ...(dataDir ? pgliteFileOptions(dataDir, durable) : {}),
    ...(template ? { loadDataDir: template } : {}),
    extensions: { pg_trgm },
    parsers: { [INT8]: toNumber, [NUMERIC]: toNumber, [DATE]: identity },
  });
}

async function connectPglite(options: ConnectOptions): Promise<DatabaseHandle> {
  const memory = options.dataDir === "memory://";
  let dataDir: string | undefined;
  if (!memory) {
    dataDir = join(options.dataDir, "db");
    mkdirSync(dataDir, { recursive: true });
  }
  const durable = dataDir !== undefined && options.durable !== false;
  const fresh = dataDir !== undefined && isNewDataDir(dataDir);
  const client = await connectPgliteClient({
    dataDir,
    durable,
    template: memory ? options.template : undefined,
  });
  if (durable && fresh && dataDir) syncTree(dataDir);
  const pools = pglitePools(client);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: pools.pool }) });
  const priorityDb = new Kysely<Database>({ dialect: new PostgresDialect({ pool: pools.priority }) });
  return {
    db,
    priorityDb,
    kind: "pglite",
    async listen(channel, onNotify) {
      if (!CHANNEL.test(channel)) throw new Error(`bad channel name ${channel}`);
      const stop = await client.listen(channel, onNotify);
      return async () => {
        if (!client.closed) await stop();
      };
    },
    setLog() {},
    async close() {
      await priorityDb.destroy();
      await db.destroy();
    },
  };
}
