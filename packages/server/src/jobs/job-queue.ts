import type { Kysely } from "kysely";
import type { Database } from "../db/schema.js";

/**
 * Work that must happen after a change and survive a restart (delivering notifications). A job is
 * added inside the transaction of the change that causes it, so it exists exactly when the change
 * does; it runs at least once, retried with backoff when its handler throws, so handlers must be
 * idempotent. PostgreSQL: pg-boss (jobs/pg-boss-queue.ts); the embedded database: a table and a
 * runner in this process (jobs/table-queue.ts). The same interface for both.
 */
export interface JobQueue {
  /** Adds a job in `trx` (a transaction, or the database for a change of one statement). */
  enqueue(trx: Kysely<Database>, name: string, data: Record<string, unknown>): Promise<void>;
  /** Runs `handler` for each job of `name`; call before `start`. */
  work(name: string, handler: JobHandler): void;
  start(): Promise<void>;
  /** Stops taking jobs and waits for the running ones. */
  close(): Promise<void>;
}

export type JobHandler = (data: Record<string, unknown>) => Promise<void>;

/** A failed job runs again after 1 s, 2 s, 4 s … up to an hour, at most this many times. */
export const JOB_ATTEMPTS_MAX = 10;
export const JOB_RETRY_FIRST_SECONDS = 1;
export const JOB_RETRY_MAX_SECONDS = 3600;

export function retryDelaySeconds(attempts: number): number {
  return Math.min(JOB_RETRY_MAX_SECONDS, JOB_RETRY_FIRST_SECONDS * 2 ** Math.max(0, attempts - 1));
}
