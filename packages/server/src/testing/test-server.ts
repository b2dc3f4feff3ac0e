import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import pg from "pg";
import { buildApp } from "../app.js";
import { type Config, loadConfig, type Service } from "../config.js";
import { connectDatabase, type DatabaseHandle, type DatabaseKind } from "../db/connect.js";
import { migrateToLatest } from "../db/migrate.js";
import type { Database } from "../db/schema.js";
import type { DevMailbox } from "../mail/dev-mailbox.js";
import { createMailService } from "../mail/mailer.js";
import { ImageJobs } from "../media/image-jobs.js";
import { createMediaStore, type LocalMediaStore } from "../media/media-store.js";
import { pgliteTemplate } from "./pglite-templates.js";

// Starts the real server in-process on a database of its own (DESIGN §6): PGlite in memory, or a
// fresh PostgreSQL database that close() drops.

export type { DatabaseKind };

export interface TestServer {
  app: FastifyInstance;
  db: Kysely<Database>;
  config: Config;
  media: LocalMediaStore;
  kind: DatabaseKind;
  baseUrl: string;
  shopUrl: string;
  authUrl: string;
  /** The development mailbox (what GET /dev/mail.json answers); null when configured as production. */
  mailbox: DevMailbox | null;
  /**
   * Another server on the same database, as after a restart or beside this one behind a balancer:
   * nothing kept in memory is shared. Closed by its caller; closing it leaves the database open.
   */
  anotherInstance(): Promise<FastifyInstance>;
  close(): Promise<void>;
}

export interface TestServerOptions {
  database?: DatabaseKind;
  /**
   * Join this PostgreSQL database instead of creating one (several instances on one database);
   * close() leaves it. Implies `database: "postgres"`.
   */
  databaseUrl?: string;
  seed?: "none" | "demo";
  services?: Service[];
  env?: Record<string, string>;
  /** Serve a built web app from here (e.g. packages/web/dist); by default no web app. */
  webDir?: string;
  /**
   * Applied after the environment is parsed, for settings the environment cannot give a test
   * database (e.g. `{ env: "production" }` on PGlite, to check what production leaves out).
   */
  configOverrides?: Partial<Config>;
  /** Now, as the notification sweeps see it (a test moves it instead of waiting). */
  clock?: () => Date;
}

const POSTGRES_ADMIN_URL =
  process.env.KATALE_TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

let postgresReachable: boolean | undefined;

/** Database kinds to run suites on: always PGlite; PostgreSQL when reachable, or always when required. */
export function databaseKinds(): DatabaseKind[] {
  if (process.env.KATALE_REQUIRE_POSTGRES === "1") return ["pglite", "postgres"];
  if (process.env.KATALE_SKIP_POSTGRES === "1") return ["pglite"];
  if (postgresReachable === undefined) {
    // describe.each needs the answer synchronously: ask a child process to try one connection.
    const probe = spawnSync(
      process.execPath,
      [
        "-e",
        `const u=new URL(process.argv[1]);const s=require("net").connect(+u.port||5432,u.hostname);` +
          `s.on("connect",()=>process.exit(0));s.on("error",()=>process.exit(1));setTimeout(()=>process.exit(1),1500);`,
        POSTGRES_ADMIN_URL,
      ],
      { timeout: 3000 },
    );
    postgresReachable = probe.status === 0;
  }
  return postgresReachable ? ["pglite", "postgres"] : ["pglite"];
}

/** Where seeded images go in tests: shared by every test server so images are generated once. */
export const SHARED_TEST_MEDIA_DIR = join(tmpdir(), "katale-test-data");

/** A fresh PostgreSQL database of its own; drop() removes it. */
export async function createPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `katale_test_${process.pid}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
      await client.connect();
      try {
        // The closed pool's sockets may still be shutting down: a forced drop would hit them with a
        // FATAL that surfaces as an unhandled error, so wait for them a little first.
        for (let attempt = 0; ; attempt++) {
          try {
            await client.query(`DROP DATABASE IF EXISTS ${name}${attempt >= 20 ? " WITH (FORCE)" : ""}`);
            break;
          } catch (error) {
            if ((error as { code?: string }).code !== "55006" || attempt >= 20) throw error;
            await new Promise((resolve) => setTimeout(resolve, 50));
          }
        }
      } finally {
        await client.end();
      }
    },
  };
}

/** An empty database of its own on `kind` (PGlite in memory, or a new PostgreSQL database), not migrated: closing it drops it. */
export async function openTestDatabase(kind: DatabaseKind, poolSize = 2): Promise<DatabaseHandle> {
  const postgres = kind === "postgres" ? await createPostgresDatabase() : undefined;
  const handle = await connectDatabase({
    databaseUrl: postgres?.url,
    dataDir: "memory://",
    poolSize,
    template: postgres ? undefined : await pgliteTemplate("empty"),
  });
  return {
    db: handle.db,
    priorityDb: handle.priorityDb,
    kind: handle.kind,
    listen: (channel, onNotify) => handle.listen(channel, onNotify),
    setLog: (log) => handle.setLog(log),
    close: async () => {
      await handle.close();
      await postgres?.drop();
    },
  };
}

export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const kind = options.databaseUrl ? "postgres" : (options.database ?? "pglite");
  const dataDir = mkdtempSync(join(tmpdir(), "katale-test-"));
  const postgres = kind === "postgres" && !options.databaseUrl ? await createPostgresDatabase() : undefined;
  const databaseUrl = options.databaseUrl ?? postgres?.url;
  const parsed = loadConfig(
    {
      NODE_ENV: "test",
      DATA_DIR: dataDir,
      LOG_LEVEL: "silent",
      PORT: "0",
      // Tests' data is thrown away: no fsync per commit (file-backed PGlite only).
      PGLITE_FSYNC: "off",
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ...options.env,
    },
    options.services,
  );
  const config: Config = { ...parsed, ...options.configOverrides };
  const database = await connectDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: databaseUrl ? dataDir : "memory://",
    poolSize: 4,
    durable: config.pgliteFsync,
    template: databaseUrl ? undefined : await pgliteTemplate("migrated"),
  });
  await migrateToLatest(database.db);
  // Seeded images are shared between test servers (the seed skips files that exist).
  const jobs = new ImageJobs(config.imageJobs);
  const media =
    options.seed === "demo" ? createMediaStore(SHARED_TEST_MEDIA_DIR, jobs) : createMediaStore(dataDir, jobs);
  if (options.seed === "demo") {
    const { seedDemo } = await import("../seed/seed-demo.js");
    await seedDemo(database.db, media);
  }
  const mail = createMailService(config);
  const app = await buildApp({
    config,
    database,
    media,
    mail,
    clock: options.clock,
    logger: process.env.KATALE_TEST_LOG === "1" ? { level: "error" } : false,
    webDir: options.webDir ?? join(dataDir, "no-web"),
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  const baseUrl = `http://127.0.0.1:${port}`;
  return {
    app,
    db: database.db,
    config,
    media,
    kind,
    baseUrl,
    shopUrl: `${baseUrl}/api/shop/`,
    authUrl: `${baseUrl}/api/auth/`,
    mailbox: mail.mailbox,
    async anotherInstance() {
      const other = await buildApp({
        config,
        database: { ...database, setLog: () => {}, close: async () => {} },
        media,
        mail: createMailService(config),
        clock: options.clock,
        logger: false,
        webDir: options.webDir ?? join(dataDir, "no-web"),
      });
      await other.ready();
      return other;
    },
    async close() {
      await app.close();
      await database.close();
      await postgres?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Redis for tests: database 15 on this machine unless KATALE_TEST_REDIS_URL says otherwise. */
export const TEST_REDIS_URL = process.env.KATALE_TEST_REDIS_URL ?? "redis://127.0.0.1:6379/15";

/** Whether Redis accepts a connection at `url` (the Redis suites run only when it does). */
export function redisAnswers(url = TEST_REDIS_URL): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect(Number(port) || 6379, hostname);
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}
