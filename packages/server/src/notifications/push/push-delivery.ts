import { defaultNotificationSettings, notificationText } from "@katale/domain";
import { type Kysely, sql } from "kysely";
import type { Config } from "../../config.js";
import type { Database } from "../../db/schema.js";
import type { JobQueue } from "../../jobs/job-queue.js";
import { plan } from "../deliver-event.js";
import { type NotificationEvent, PUSH_JOB } from "../notification-events.js";
import { PUSH_TIMEOUT_MS, type PushOutcome, type PushTarget, sendPush } from "./push-sender.js";
import { PushSubscriptions } from "./push-subscriptions.js";
import { type Vapid, VapidKeys } from "./vapid-keys.js";

type Recorded = NotificationEvent & { readonly event_id: string };

/** Pushes under way at once for one event (a shop with many followers posts one product). */
const PUSHES_AT_ONCE = 16;
/** Browsers claimed at a time: a claim is held only while its own pushes are under way. */
const CLAIMS_AT_ONCE = 64;
/**
 * How long a claim holds: every push of its batch answered or timed out, with room to spare. A
 * claim older than this belongs to a runner that died (kill -9, lost machine) before the push
 * service answered, and the job's next run sends that push again.
 */
export const PUSH_CLAIM_SECONDS = (CLAIMS_AT_ONCE / PUSHES_AT_ONCE) * (PUSH_TIMEOUT_MS / 1000) + 60;

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
 * `{"title", "body", "url", "tag"}`. Each browser's receipt (event, user, `push:<subscription>`) is
 * claimed for PUSH_CLAIM_SECONDS before its push is sent and kept once the push service answers,
 * so a job run twice, or on two instances, pushes once. A push that fails gives its claim back; a
 * claim another run still holds is left to it; either way the job throws, to run again (with the
 * queue's backoff) for those alone. A claim whose runner died expires and is sent by the next run:
 * the push service's Topic and the browser's tag (both the event) make a copy that did get through
 * replace the first instead of showing twice. A subscription the push service no longer knows
 * (404/410) is dropped.
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
  // Every browser that wants the push and has neither had it nor a live claim on it.
  const { rows: due } = await sql<{ id: number }>`
    WITH recipients AS (${planned.recipients}),
    wanting AS (
      SELECT DISTINCT r.user_id FROM recipients r
      WHERE COALESCE(
        (SELECT s.push FROM notification_settings s WHERE s.user_id = r.user_id AND s.kind = ${entry.kind}),
        ${pushByDefault}::boolean)
    )
    SELECT p.id FROM push_subscriptions p JOIN wanting w ON w.user_id = p.user_id
    WHERE NOT EXISTS (
      SELECT 1 FROM notification_receipts r
      WHERE r.event_id = ${event.event_id}::uuid AND r.user_id = p.user_id AND r.channel = 'push:' || p.id
        AND (r.pending_until IS NULL OR r.pending_until > now()))
    ORDER BY p.id`.execute(db);

  const failures: string[] = [];
  let tried = 0;
  if (due.length > 0) {
    const keys = await vapid.get();
    const text = notificationText({
      kind: entry.kind,
      count: 1,
      subject: entry.subject,
      detail: entry.detail,
    });
    const topic = event.event_id.replaceAll("-", "");
    const payload = JSON.stringify({ title: text.title, body: text.body, url: entry.url, tag: topic });
    const subscriptions = new PushSubscriptions(db);
    const answered = (channel: string) =>
      db
        .updateTable("notification_receipts")
        .set({ pending_until: null })
        .where("event_id", "=", event.event_id)
        .where("channel", "=", channel)
        .execute();
    for (let start = 0; start < due.length; start += CLAIMS_AT_ONCE) {
      const ids = due.slice(start, start + CLAIMS_AT_ONCE).map((row) => row.id);
      // A claim another run took meanwhile is not taken; one whose runner died is taken over.
      const { rows: claimed } = await sql<PushTarget & { id: number; channel: string }>`
        WITH claimed AS (
          INSERT INTO notification_receipts (event_id, user_id, channel, pending_until)
          SELECT ${event.event_id}::uuid, p.user_id, 'push:' || p.id,
            now() + make_interval(secs => ${PUSH_CLAIM_SECONDS})
          FROM push_subscriptions p WHERE p.id = ANY(${ids}::int[])
          ON CONFLICT (event_id, user_id, channel) DO UPDATE SET pending_until = EXCLUDED.pending_until
          WHERE notification_receipts.pending_until <= now()
          RETURNING channel
        )
        SELECT p.id, c.channel, p.endpoint, p.p256dh, p.auth
        FROM claimed c JOIN push_subscriptions p ON 'push:' || p.id = c.channel`.execute(db);
      tried += claimed.length;
      for (let at = 0; at < claimed.length; at += PUSHES_AT_ONCE) {
        await Promise.all(
          claimed.slice(at, at + PUSHES_AT_ONCE).map(async (target) => {
            const outcome = await send(target, payload, keys, topic);
            if (outcome.kind === "sent") return answered(target.channel);
            if (outcome.kind === "gone") {
              await answered(target.channel);
              return subscriptions.drop(target.id);
            }
            failures.push(outcome.reason);
            await db
              .deleteFrom("notification_receipts")
              .where("event_id", "=", event.event_id)
              .where("channel", "=", target.channel)
              .execute();
          }),
        );
      }
    }
  }
  if (failures.length > 0)
    throw new Error(`push: ${failures.length} of ${tried} pushes failed (${failures[0]}); they run again`);
  // Claims this run did not take: another run's pushes, under way or lost with their runner.
  const held = await db
    .selectFrom("notification_receipts")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("event_id", "=", event.event_id)
    .where("channel", "like", "push:%")
    .where("pending_until", "is not", null)
    .executeTakeFirstOrThrow();
  if (Number(held.n) > 0)
    throw new Error(
      `push: ${held.n} pushes claimed by another run are not answered yet; checking again later`,
    );
}
