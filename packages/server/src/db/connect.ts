import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import { pglitePool } from "./pglite-pool.js";
import type { Database } from "./schema.js";

export type DatabaseKind = "pglite" | "postgres";

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: DatabaseKind;
  /** Calls `onNotify` for every NOTIFY on `channel` (from any connection or process); returns stop. */
  listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>>;
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

export interface ConnectOptions {
  /** Set: PostgreSQL proper. Unset: PGlite in `${dataDir}/db` (or in memory when dataDir is "memory://"). */
  databaseUrl?: string | undefined;
  dataDir: string;
  /** Pool size for PostgreSQL. */
  poolSize?: number;
}

export async function connectDatabase(options: ConnectOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      types: {
        getTypeParser(oid: number, format?: "text" | "binary") {
          if (oid === INT8 || oid === NUMERIC) return toNumber;
          if (oid === DATE) return identity;
          // biome-ignore lint/suspicious/noExplicitAny: pg's own overloads.
          return (pg.types.getTypeParser as any)(oid, format);
        },
      },
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    const listeners = new Set<pg.Client>();
    return {
      db,
      kind: "postgres",
      async listen(channel, onNotify) {
        if (!CHANNEL.test(channel)) throw new Error(`bad channel name ${channel}`);
        // LISTEN needs a connection of its own, outside the pool.
        const client = new pg.Client({ connectionString: options.databaseUrl });
        client.on("error", () => {});
        await client.connect();
        client.on("notification", (n) => {
          if (n.channel === channel) onNotify(n.payload ?? "");
        });
        await client.query(`LISTEN ${channel}`);
        listeners.add(client);
        return async () => {
          listeners.delete(client);
          await client.end().catch(() => {});
        };
      },
      async close() {
        await Promise.all([...listeners].map((c) => c.end().catch(() => {})));
        await db.destroy();
      },
    };
  }

  const memory = options.dataDir === "memory://";
  let dataDir: string | undefined;
  if (!memory) {
    dataDir = join(options.dataDir, "db");
    mkdirSync(dataDir, { recursive: true });
  }
  const client = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    extensions: { pg_trgm },
    parsers: { [INT8]: toNumber, [NUMERIC]: toNumber, [DATE]: identity },
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: pglitePool(client) }) });
  return {
    db,
    kind: "pglite",
    async listen(channel, onNotify) {
      if (!CHANNEL.test(channel)) throw new Error(`bad channel name ${channel}`);
      const stop = await client.listen(channel, onNotify);
      return async () => {
        if (!client.closed) await stop();
      };
    },
    close: () => db.destroy(),
  };
}
