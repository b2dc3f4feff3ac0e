import { type Kysely, sql } from "kysely";
import type { Database } from "../db/schema.js";
import { JOB_ATTEMPTS_MAX, type JobHandler, type JobQueue, retryDelaySeconds } from "./job-queue.js";

/** How often the runner looks for due jobs when nothing woke it. */
const POLL_MS = 1_000;
/** Jobs taken per turn. */
const BATCH = 10;

export interface QueueLog {
  warn(fields: object, message: string): void;
}

/**
 * The embedded database's queue: jobs are rows of `jobs`, written in the caller's transaction, run
 * by this process (the data directory's lock makes it the only one). A job is deleted when its
 * handler succeeds; a failure is kept with its error and runs again after a backoff. A kill -9
 * while a job runs leaves the row, so the job runs again after the restart (handlers are
 * idempotent). Jobs that failed JOB_ATTEMPTS_MAX times stay in the table for an operator.
 */
export class TableQueue implements JobQueue {
  private readonly handlers = new Map<string, JobHandler>();
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private closed = false;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly log: QueueLog,
  ) {}

  async enqueue(trx: Kysely<Database>, name: string, data: Record<string, unknown>): Promise<void> {
    await trx
      .insertInto("jobs")
      .values({ name, data: JSON.stringify(data) })
      .execute();
    // After the caller's commit: a turn that starts before it sees nothing and the poll catches up.
    setTimeout(() => this.wake(), 20).unref();
  }

  work(name: string, handler: JobHandler): void {
    this.handlers.set(name, handler);
  }

  async start(): Promise<void> {
    this.timer = setInterval(() => this.wake(), POLL_MS);
    this.timer.unref();
    this.wake();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }

  private wake(): void {
    if (this.closed) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain()
      .catch((err: unknown) => this.log.warn({ err }, "jobs: cannot read the queue"))
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.wake();
        }
      });
  }

  private async drain(): Promise<void> {
    const names = [...this.handlers.keys()];
    if (names.length === 0) return;
    for (;;) {
      if (this.closed) return;
      const due = await this.db
        .selectFrom("jobs")
        .select(["id", "name", "data", "attempts"])
        .where("name", "in", names)
        .where("attempts", "<", JOB_ATTEMPTS_MAX)
        .where(sql<boolean>`run_after <= now()`)
        .orderBy("id")
        .limit(BATCH)
        .execute();
      if (due.length === 0) return;
      for (const job of due) await this.runOne(job);
    }
  }

  private async runOne(job: { id: number; name: string; data: Record<string, unknown>; attempts: number }) {
    const handler = this.handlers.get(job.name);
    if (!handler) return;
    try {
      await handler(job.data);
      await this.db.deleteFrom("jobs").where("id", "=", job.id).execute();
    } catch (err) {
      const attempts = job.attempts + 1;
      this.log.warn({ err, job: job.name, attempts }, "jobs: a job failed; it runs again later");
      await this.db
        .updateTable("jobs")
        .set({
          attempts,
          last_error: err instanceof Error ? err.message : String(err),
          run_after: new Date(Date.now() + retryDelaySeconds(attempts) * 1000),
        })
        .where("id", "=", job.id)
        .execute();
    }
  }
}
