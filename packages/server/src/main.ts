// First: sizes the thread pool before anything uses it.
import "./thread-pool.js";
import { parseArgs } from "node:util";
import { buildApp } from "./app.js";
import { ensureAdmin, ensureDevAdmin } from "./auth/admin-bootstrap.js";
import { ConfigError, loadConfig, type Service } from "./config.js";
import { type DataDirLock, DataDirLockedError, lockDataDir } from "./data-dir-lock.js";
import { connectDatabase } from "./db/connect.js";
import { migrateToLatest } from "./db/migrate.js";
import { refreshStatistics } from "./db/refresh-statistics.js";
import { ImageJobs } from "./media/image-jobs.js";
import { mediaStoreFor } from "./media/media-store.js";
import { seedDemo } from "./seed/seed-demo.js";

// The one-process default (both services, web app, media), or one service with --service auth|shop.

function fail(message: string): never {
  process.stderr.write(`katale: ${message}\n`);
  process.exit(1);
}

function parseServices(argv: string[]): Service[] {
  let values: { service?: string };
  try {
    ({ values } = parseArgs({ args: argv, options: { service: { type: "string" } }, strict: true }));
  } catch (err) {
    fail((err as Error).message);
  }
  if (values.service === undefined || values.service === "all") return ["auth", "shop"];
  if (values.service === "auth" || values.service === "shop") return [values.service];
  fail(`--service must be auth, shop or all (got "${values.service}")`);
}

async function main(): Promise<void> {
  const services = parseServices(process.argv.slice(2));
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(process.env, services);
  } catch (err) {
    if (err instanceof ConfigError) fail(err.message);
    throw err;
  }

  let lock: DataDirLock | undefined;
  if (!config.databaseUrl) {
    try {
      lock = lockDataDir(config.dataDir);
    } catch (err) {
      if (err instanceof DataDirLockedError) fail(err.message);
      throw err;
    }
  }

  const media = await mediaStoreFor(config, new ImageJobs(config.imageJobs));
  // A bucket that is missing or refuses the keys stops start-up (before the database is opened), not
  // the first upload.
  await media.files.check().catch((err: Error) => {
    lock?.release();
    fail(`cannot use the media store: ${err.message}`);
  });

  const database = await connectDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.databasePoolSize,
    durable: config.pgliteFsync,
  }).catch((err: Error) => {
    lock?.release();
    fail(`cannot open the database: ${err.message}`);
  });
  const app = await buildApp({ config, database, media }).catch(async (err: Error) => {
    await database.close().catch(() => {});
    lock?.release();
    fail(`cannot start: ${err.message}`);
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down");
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await app.close();
      await database.close();
    } finally {
      lock?.release();
      process.exit(0);
    }
  };
  process.once("SIGINT", () => void shutdown("SIGINT"));
  process.once("SIGTERM", () => void shutdown("SIGTERM"));

  try {
    await migrateToLatest(database.db);
    if (config.seed === "demo" && config.env !== "production") {
      const { created } = await seedDemo(database.db, media, (msg) => app.log.info(msg));
      if (created) await refreshStatistics(database.db);
      const devAdmin = await ensureDevAdmin(database.db);
      // Shown once, on the console only (never through the logger): it is not stored anywhere else.
      if (devAdmin) {
        process.stdout.write(
          `\nDevelopment admin account created: ${devAdmin.email}  password: ${devAdmin.password}\n` +
            "(shown only this once; use 'Forgot password?' with the development mailbox at /dev/mail to reset it)\n\n",
        );
      }
    }
    if (config.admin) {
      const { created } = await ensureAdmin(database.db, config.admin);
      app.log.info(created ? "Admin account created from KATALE_ADMIN_EMAIL" : "Admin account present");
    }
    await app.listen({ port: config.port, host: config.host });
  } catch (err) {
    app.log.error({ err }, "start-up failed");
    await database.close().catch(() => {});
    lock?.release();
    fail((err as Error).message);
  }
  const shown = config.host === "0.0.0.0" || config.host === "::" ? "localhost" : config.host;
  app.log.info(`Katale is running on http://${shown}:${config.port} (API reference: /api/docs)`);
}

await main();
