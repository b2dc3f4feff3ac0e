import { CompiledQuery, type Kysely } from "kysely";
import PgBoss from "pg-boss";
import type { Database } from "../db/schema.js";
import { JOB_ATTEMPTS_MAX, JOB_RETRY_FIRST_SECONDS, type JobHandler, type JobQueue } from "./job-queue.js";
import type { QueueLog } from "./table-queue.js";

const START_ATTEMPTS = 5;
/** pg-boss's own default check for jobs to take back (and other upkeep): every two minutes. */
const MAINTENANCE_SECONDS_MAX = 120;

/**
 * PostgreSQL's queue: pg-boss, in its own schema of the same database. A job is sent through the
 * caller's transaction (pg-boss's `db` option), so it commits or rolls back with the change. Every
 * instance works the queue; pg-boss hands each job to one of them (SKIP LOCKED), retries failures
 * with backoff and takes back jobs of an instance that died (expiry).
 */
export class PgBossQueue implements JobQueue {
  private boss: PgBoss;
  private readonly handlers = new Map<string, JobHandler>();

  /**
   * `takeoverSeconds`: a job still active this long after it started (its instance died, or it
   * hangs) expires and runs again, on whichever instance fetches it; checked every half of that
   * (at most every two minutes).
   */
  constructor(
    private readonly connectionString: string,
    private readonly log: QueueLog,
    private readonly takeoverSeconds = 300,
  ) {
    this.boss = this.newBoss();
  }

  private newBoss(): PgBoss {
    const boss = new PgBoss({
      connectionString: this.connectionString,
      max: 2,
      application_name: "katale-jobs",
      maintenanceIntervalSeconds: Math.min(
        MAINTENANCE_SECONDS_MAX,
        Math.max(1, Math.floor(this.takeoverSeconds / 2)),
      ),
    });
    boss.on("error", (err) => this.log.warn({ err }, "jobs: pg-boss reported an error"));
    return boss;
  }

  async enqueue(trx: Kysely<Database>, name: string, data: Record<string, unknown>): Promise<void> {
    const db = {
      executeSql: async (text: string, values: unknown[]) => {
        const result = await trx.executeQuery(CompiledQuery.raw(text, values));
        return { rows: result.rows as unknown[] };
      },
    };
    await this.boss.send(name, data, {
      db,
      retryLimit: JOB_ATTEMPTS_MAX,
      retryDelay: JOB_RETRY_FIRST_SECONDS,
      retryBackoff: true,
      expireInSeconds: this.takeoverSeconds,
    });
  }

  work(name: string, handler: JobHandler): void {
    this.handlers.set(name, handler);
  }

  /**
   * Instances starting together on a new database can deadlock in pg-boss's set-up (seen: one
   * instance's maintenance against the other's createQueue); the loser starts again with a fresh
   * pg-boss (a failed one cannot be started twice), a few times.
   */
  async start(): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        await this.startOnce();
        return;
      } catch (err) {
        if (attempt >= START_ATTEMPTS) throw err;
        this.log.warn({ err, attempt }, "jobs: pg-boss did not start; trying again");
        await this.boss.stop({ graceful: false, wait: true }).catch(() => {});
        await new Promise((resolve) => setTimeout(resolve, 250 * attempt));
        this.boss = this.newBoss();
      }
    }
  }

  private async startOnce(): Promise<void> {
    await this.boss.start();
    for (const [name, handler] of this.handlers) {
      await this.boss.createQueue(name);
      await this.boss.work<Record<string, unknown>>(
        name,
        { batchSize: 1, pollingIntervalSeconds: 0.5 },
        async ([job]) => {
          if (job) await handler(job.data);
        },
      );
    }
  }

  async close(): Promise<void> {
    await this.boss.stop({ graceful: true, wait: true, timeout: 10_000 });
  }
}
