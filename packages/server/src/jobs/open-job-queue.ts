import type { Config } from "../config.js";
import type { DatabaseHandle } from "../db/connect.js";
import type { JobQueue } from "./job-queue.js";
import { PgBossQueue } from "./pg-boss-queue.js";
import { type QueueLog, TableQueue } from "./table-queue.js";

/** pg-boss on PostgreSQL; on the embedded database, the in-process table queue. */
export function openJobQueue(config: Config, database: DatabaseHandle, log: QueueLog): JobQueue {
  return database.kind === "postgres" && config.databaseUrl
    ? new PgBossQueue(config.databaseUrl, log, config.jobTakeoverSeconds)
    : new TableQueue(database.db, log);
}
