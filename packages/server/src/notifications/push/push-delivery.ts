import { defaultNotificationSettings, notificationText } from "@katale/domain";
import { type Kysely, sql } from "kysely";
import type { Config } from "../../config.js";
import type { Database } from "../../db/schema.js";
import type { JobQueue } from "../../jobs/job-queue.js";
import { plan } from "../deliver-event.js";
import { type NotificationEvent, PUSH_JOB } from "../notification-events.js";
import { type PushOutcome, type PushTarget, sendPush } from "./push-sender.js";
import { PushSubscriptions } from "./push-subscriptions.js";
import { type Vapid, VapidKeys } from "./vapid-keys.js";

type Recorded = NotificationEvent & { readonly event_id: string };

/** Pushes under way at once for one event (a shop with many followers posts one product). */
const PUSHES_AT_ONCE = 16;

export type SendPush = (
  target: PushTarget,
  payload: string,
  vapid: Vapid,
  topic: string,
) => Promise<PushOutcome>;

/** Works the queue's push jobs (one per event, recorded beside the inbox's). */
export function startPushDelivery(jobs: JobQueue, db: Kysely<Database>, config: Config): void {
  const vapid = new VapidKeys(db, config);
  jobs.work(PUSH_JOB, async (data) => {
    await deliverPush(db, vapid, data as Recorded);
  });
}

/**
 * Pushes one event to every browser of the recipients whose push setting for its kind is on:
 * `{"title", "body", "url"}`. Each browser's receipt (event, user, `push:<subscription>`) is claimed
 * before its push is sent, so a job run twice, or on two instances, pushes once; a push that fails
 * gives its claim back and the job throws, to be run again (with the queue's backoff) for those
 * alone. A subscription the push service no longer knows (404/410) is dropped.
 */
export async function deliverPush(
  db: Kysely<Database>,
  vapid: VapidKeys,
  event: Recorded,
  send: SendPush = sendPush,
): Promise<void> {
  const planned = await plan(db, event);
  if (!planned) return;
  const { entry } = planned;
  const pushByDefault = defaultNotificationSettings()[entry.kind].push;
  const { rows: claimed } = await sql<PushTarget & { id: number; channel: string }>`
    WITH recipients AS (${planned.recipients}),
    wanting AS (
      SELECT DISTINCT r.user_id FROM recipients r
      WHERE COALESCE(
        (SELECT s.push FROM notification_settings s WHERE s.user_id = r.user_id AND s.kind = ${entry.kind}),
        ${pushByDefault}::boolean)
    ),
    claimed AS (
      INSERT INTO notification_receipts (event_id, user_id, channel)
      SELECT ${event.event_id}::uuid, p.user_id, 'push:' || p.id FROM push_subscriptions p
      JOIN wanting w ON w.user_id = p.user_id
      ON CONFLICT DO NOTHING
      RETURNING channel
    )
    SELECT p.id, c.channel, p.endpoint, p.p256dh, p.auth
    FROM claimed c JOIN push_subscriptions p ON 'push:' || p.id = c.channel`.execute(db);
  if (claimed.length === 0) return;

  const keys = await vapid.get();
  const text = notificationText({ kind: entry.kind, count: 1, subject: entry.subject, detail: entry.detail });
  const payload = JSON.stringify({ title: text.title, body: text.body, url: entry.url });
  const topic = event.event_id.replaceAll("-", "");
  const subscriptions = new PushSubscriptions(db);
  const failures: string[] = [];
  for (let start = 0; start < claimed.length; start += PUSHES_AT_ONCE) {
    await Promise.all(
      claimed.slice(start, start + PUSHES_AT_ONCE).map(async (target) => {
        const outcome = await send(target, payload, keys, topic);
        if (outcome.kind === "gone") return subscriptions.drop(target.id);
        if (outcome.kind === "sent") return;
        failures.push(outcome.reason);
        await db
          .deleteFrom("notification_receipts")
          .where("event_id", "=", event.event_id)
          .where("channel", "=", target.channel)
          .execute();
      }),
    );
  }
  if (failures.length > 0)
    throw new Error(
      `push: ${failures.length} of ${claimed.length} pushes failed (${failures[0]}); they run again`,
    );
}
