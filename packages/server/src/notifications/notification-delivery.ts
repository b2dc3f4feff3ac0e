import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.js";
import type { JobQueue } from "../jobs/job-queue.js";
import { deliverEvent } from "./deliver-event.js";
import { NOTIFY_JOB, type NotificationEvent } from "./notification-events.js";
import type { NotificationLive } from "./notification-live.js";

/**
 * Works the queue's notification jobs once the server is ready, and stops with it. Every instance
 * works it; the queue gives each job to one, and a job run twice writes once. The entries written
 * go to their users' open sockets (`live`).
 */
export function startNotificationDelivery(
  app: FastifyInstance,
  jobs: JobQueue,
  db: Kysely<Database>,
  live?: NotificationLive,
): void {
  jobs.work(NOTIFY_JOB, async (data) => {
    const written = await deliverEvent(db, data as NotificationEvent & { event_id: string });
    await live?.delivered(written);
  });
  app.addHook("onReady", async () => jobs.start());
  app.addHook("onClose", async () => jobs.close());
}
