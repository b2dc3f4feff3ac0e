import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import type { Config } from "../config.js";
import type { Database } from "../db/schema.js";
import type { JobQueue } from "../jobs/job-queue.js";
import type { Mailer } from "../mail/mailer.js";
import { deliverEvent } from "./deliver-event.js";
import { EMAIL_BATCH_JOB, EmailDelivery, type EmailEvent } from "./email-delivery.js";
import { NOTIFY_BATCH_JOB, NOTIFY_JOB, type NotificationEvent, Notifier } from "./notification-events.js";
import type { NotificationLive } from "./notification-live.js";
import { NotificationSweeper } from "./notification-sweeper.js";
import { UnsubscribeLinks } from "./unsubscribe-links.js";

type Recorded = NotificationEvent & { event_id: string };

export interface NotificationDeliveryOptions {
  config: Pick<Config, "publicUrl" | "notify">;
  mailer: Mailer;
  /** Now, as the sweeps see it (tests move it instead of waiting). */
  clock?: () => Date;
  /** Where entries written go next: their users' open sockets. */
  live?: NotificationLive;
}

/**
 * Works the queue's notification jobs (inbox events, e-mails) once the server is ready, and sweeps
 * what accumulates into jobs (notification-sweeper.ts); stops with the server. Every instance works
 * the queue and sweeps; the queue gives each job to one, and a job run twice writes once. The
 * entries written go to their users' open sockets (`live`).
 */
export function startNotificationDelivery(
  app: FastifyInstance,
  jobs: JobQueue,
  db: Kysely<Database>,
  options: NotificationDeliveryOptions,
) {
  const notifier = new Notifier(jobs);
  const links = new UnsubscribeLinks(db, options.config.publicUrl);
  const email = new EmailDelivery(db, options.mailer, links, options.config.publicUrl);
  const sweeper = new NotificationSweeper(
    db,
    jobs,
    notifier,
    options.config.notify,
    options.clock ?? (() => new Date()),
    app.log,
  );
  jobs.work(NOTIFY_JOB, async (data) => {
    await options.live?.delivered(await deliverEvent(db, data as Recorded));
  });
  jobs.work(NOTIFY_BATCH_JOB, async (data) => {
    await eachThenThrow((data.events ?? []) as Recorded[], async (event) =>
      options.live?.delivered(await deliverEvent(db, event)),
    );
  });
  jobs.work(EMAIL_BATCH_JOB, async (data) => {
    await eachThenThrow((data.events ?? []) as EmailEvent[], (event) => email.deliver(event));
  });
  app.addHook("onReady", async () => {
    await jobs.start();
    sweeper.start();
  });
  app.addHook("onClose", async () => {
    await sweeper.close();
    await jobs.close();
  });
  return { notifier, links, sweeper };
}

/** Runs every item, then fails (the job runs again: the done ones skip by their receipts) if one failed. */
async function eachThenThrow<T>(items: readonly T[], run: (item: T) => Promise<unknown>): Promise<void> {
  let failure: unknown;
  for (const item of items) {
    try {
      await run(item);
    } catch (error) {
      failure ??= error;
    }
  }
  if (failure !== undefined) throw failure;
}
