import { createHash, randomUUID } from "node:crypto";
import { type Kysely, sql } from "kysely";
import { chatRoomBlocked } from "../chat/chat-block-repository.js";
import type { Database } from "../db/schema.js";
import type { JobQueue } from "../jobs/job-queue.js";
import type { QueueLog } from "../jobs/table-queue.js";
import { EMAIL_BATCH_JOB, type EmailEvent } from "./email-delivery.js";
import { NOTIFY_BATCH_JOB, type NotificationEvent, type Notifier, PUSH_JOB } from "./notification-events.js";
import { matchSavedSearches } from "./saved-search-matching.js";

/** What the sweeps wait for (config.ts: NOTIFY_SWEEP_SECONDS, NOTIFY_CHAT_EMAIL_AFTER_MINUTES, NOTIFY_DIGEST_HOUR). */
export interface SweepSettings {
  everyMs: number;
  chatEmailAfterMs: number;
  /** The hour of the day (East Africa Time) from which the day's digests go out. */
  digestHour: number;
}

/** A busy chat's writes are handed to the inbox together, at most once per this many ms. */
const CHAT_HAND_ON_MS = 50;
/** Notices handed on per statement. */
const BATCH = 200;
/** East Africa Time (UTC+3, no daylight saving): the digest's day and hour. */
const EAT_OFFSET_MS = 3 * 3600_000;
/** Digests and their matches are forgotten after this many days. */
const KEEP_DAYS = 30;

/**
 * Turns what accumulates into jobs, on every instance (each claim takes its rows with SKIP LOCKED and
 * enqueues their job in the same transaction, so a row is handed on once whichever instance sweeps):
 * - chat notices into inbox events (at once after a chat write on this instance: `chatStored`;
 *   otherwise at the next sweep, e.g. after a crash);
 * - chat rooms unread for NOTIFY_CHAT_EMAIL_AFTER_MINUTES into one e-mail per unread stretch;
 * - saved searches with newer products into matches (saved-search-matching.ts);
 * - from NOTIFY_DIGEST_HOUR, each user's undigested matches into the day's digest e-mail.
 * Time comes from `clock` (a port: tests move it instead of waiting).
 */
export class NotificationSweeper {
  private timer: NodeJS.Timeout | undefined;
  private closed = false;
  private chatSoon: NodeJS.Timeout | undefined;
  /** The day old digests were last forgotten on (once a day per instance). */
  private cleaned = "";
  private readonly chat = coalesced(() => this.handOffChat());
  private readonly all = coalesced(() => this.sweep());

  constructor(
    private readonly db: Kysely<Database>,
    private readonly queue: JobQueue,
    private readonly notifier: Notifier,
    private readonly settings: SweepSettings,
    private readonly clock: () => Date,
    private readonly log: QueueLog,
  ) {}

  start(): void {
    this.timer = setInterval(() => this.run(this.all), this.settings.everyMs);
    this.timer.unref();
    this.run(this.all);
  }

  /** Messages were stored with notices: hand them to the inbox soon (one hand-on per CHAT_HAND_ON_MS). */
  chatStored(): void {
    if (this.chatSoon || this.closed) return;
    this.chatSoon = setTimeout(() => {
      this.chatSoon = undefined;
      this.run(this.chat);
    }, CHAT_HAND_ON_MS);
    this.chatSoon.unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    if (this.chatSoon) clearTimeout(this.chatSoon);
    await Promise.all([this.chat.idle(), this.all.idle()]);
  }

  private run(task: Coalesced): void {
    if (this.closed) return;
    task.wake((err) => this.log.warn({ err }, "notifications: a sweep failed; the next one tries again"));
  }

  private async sweep(): Promise<void> {
    await this.handOffChat();
    if (this.closed) return;
    await this.emailUnreadChats();
    if (this.closed) return;
    await matchSavedSearches(this.db, this.notifier);
    if (this.closed) return;
    await this.digests();
  }

  /** Chat notices not yet in the inbox: one event per room and recipient, however many messages. */
  private async handOffChat(): Promise<void> {
    for (;;) {
      const handed = await this.db.transaction().execute(async (trx) => {
        const { rows } = await sql<{
          room_id: number;
          user_id: number;
          sender_id: number;
          preview: string;
          pending: number;
          blocked: boolean;
        }>`
          WITH due AS (
            SELECT room_id, user_id, pending FROM chat_notices WHERE pending > 0
             ORDER BY room_id, user_id LIMIT ${BATCH} FOR UPDATE SKIP LOCKED)
          UPDATE chat_notices c SET pending = 0 FROM due
           WHERE c.room_id = due.room_id AND c.user_id = due.user_id
          RETURNING c.room_id, c.user_id, c.sender_id, c.preview, due.pending,
            ${chatRoomBlocked(sql`c.room_id`)} AS blocked`.execute(trx);
        if (rows.length === 0) return 0;
        // A blocked room tells no one, also of what was sent just before the block.
        const events: (NotificationEvent & { event_id: string })[] = rows
          .filter((row) => !row.blocked)
          .map((row) => ({
            kind: "chat_message" as const,
            actor_id: row.sender_id,
            room_id: row.room_id,
            recipient_id: row.user_id,
            count: Number(row.pending),
            preview: row.preview,
            event_id: randomUUID(),
          }));
        if (events.length > 0) await this.queue.enqueue(trx, NOTIFY_BATCH_JOB, { events });
        // Push goes on jobs of its own, one per event, as for every other kind (push/push-delivery.ts).
        for (const event of events) await this.queue.enqueue(trx, PUSH_JOB, event);
        return rows.length;
      });
      if (handed < BATCH || this.closed) return;
    }
  }

  /** Rooms whose unread stretch began NOTIFY_CHAT_EMAIL_AFTER_MINUTES ago: one e-mail each, if still unread. */
  private async emailUnreadChats(): Promise<void> {
    const cutoff = new Date(this.clock().getTime() - this.settings.chatEmailAfterMs);
    for (;;) {
      const claimed = await this.db.transaction().execute(async (trx) => {
        const { rows } = await sql<{ room_id: number; user_id: number; unread_since: Date; read: boolean }>`
          WITH due AS (
            SELECT n.room_id, n.user_id,
                   coalesce(CASE WHEN r.customer_id = n.user_id THEN r.customer_last_read_at
                                 ELSE r.owner_last_read_at END >= n.unread_since, false)
                     OR ${chatRoomBlocked(sql`n.room_id`)} AS read
              FROM chat_notices n JOIN chat_rooms r ON r.id = n.room_id
             WHERE NOT n.emailed AND n.unread_since <= ${cutoff}::timestamptz
             ORDER BY n.unread_since LIMIT ${BATCH} FOR UPDATE OF n SKIP LOCKED)
          UPDATE chat_notices c SET emailed = true FROM due
           WHERE c.room_id = due.room_id AND c.user_id = due.user_id
          RETURNING c.room_id, c.user_id, c.unread_since, due.read`.execute(trx);
        const events: EmailEvent[] = rows
          .filter((row) => !row.read)
          .sort((a, b) => new Date(a.unread_since).getTime() - new Date(b.unread_since).getTime())
          .map((row) => ({
            kind: "chat_message" as const,
            event_id: randomUUID(),
            user_id: row.user_id,
            room_id: row.room_id,
            since: new Date(row.unread_since).toISOString(),
          }));
        if (events.length > 0) await this.queue.enqueue(trx, EMAIL_BATCH_JOB, { events });
        return rows.length;
      });
      if (claimed < BATCH || this.closed) return;
    }
  }

  /** From the digest hour on, each user with undigested matches gets the day's one digest. */
  private async digests(): Promise<void> {
    const local = new Date(this.clock().getTime() + EAT_OFFSET_MS);
    if (local.getUTCHours() < this.settings.digestHour) return;
    const day = local.toISOString().slice(0, 10);
    for (;;) {
      const users = await this.db.transaction().execute(async (trx) => {
        const { rows } = await sql<{ user_id: number }>`
          WITH due AS (
            SELECT DISTINCT m.user_id FROM saved_search_matches m
             WHERE m.digest_day IS NULL
               AND NOT EXISTS (SELECT 1 FROM notification_digests d WHERE d.user_id = m.user_id AND d.day = ${day}::date)
             LIMIT ${BATCH}),
          fresh AS (
            INSERT INTO notification_digests (user_id, day) SELECT user_id, ${day}::date FROM due
            ON CONFLICT DO NOTHING RETURNING user_id),
          marked AS (
            UPDATE saved_search_matches m SET digest_day = ${day}::date FROM fresh
             WHERE m.user_id = fresh.user_id AND m.digest_day IS NULL RETURNING m.user_id)
          SELECT DISTINCT user_id FROM marked`.execute(trx);
        const events: EmailEvent[] = rows.map((row) => ({
          kind: "saved_search_match" as const,
          event_id: uuidOf(`digest:${row.user_id}:${day}`),
          user_id: row.user_id,
          day,
        }));
        if (events.length > 0) await this.queue.enqueue(trx, EMAIL_BATCH_JOB, { events });
        return rows.length;
      });
      if (users < BATCH || this.closed) break;
    }
    if (this.cleaned === day) return;
    this.cleaned = day;
    await sql`DELETE FROM saved_search_matches WHERE digest_day < ${day}::date - ${KEEP_DAYS}::int`.execute(
      this.db,
    );
    await sql`DELETE FROM notification_digests WHERE day < ${day}::date - ${KEEP_DAYS}::int`.execute(this.db);
  }
}

/** A UUID made from a name (the same name, the same id: a digest's receipt). */
function uuidOf(name: string): string {
  const hex = createHash("sha256").update(name).digest("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

interface Coalesced {
  wake(onError: (error: unknown) => void): void;
  idle(): Promise<void>;
}

/** Runs `task` one at a time; a wake while it runs runs it once more after. */
function coalesced(task: () => Promise<void>): Coalesced {
  let running: Promise<void> | undefined;
  let again = false;
  const wake = (onError: (error: unknown) => void): void => {
    if (running) {
      again = true;
      return;
    }
    running = task()
      .catch(onError)
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          wake(onError);
        }
      });
  };
  return { wake, idle: async () => running };
}
