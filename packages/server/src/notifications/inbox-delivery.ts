import type { NotificationKind } from "@katale/domain";
import { type Kysely, type RawBuilder, sql } from "kysely";
import type { Database } from "../db/schema.js";

/** One inbox entry as an event makes it (folded into an unread entry with the same `fold_key`). */
export interface InboxEntry {
  readonly kind: NotificationKind;
  readonly foldKey: string | null;
  readonly subject: string;
  readonly detail: Record<string, unknown>;
  readonly url: string;
  readonly imageUrl: string | null;
  /** Events this entry stands for (a burst of chat messages handed on together); 1 by default. */
  readonly count?: number;
}

/** An entry written for a user (added, or folded into their unread one). */
export interface InboxDelivery {
  readonly user_id: number;
  /** The notification's id. */
  readonly id: number;
}

/** Recipients written per statement: a big fan-out leaves the database to other work between chunks. */
export const INBOX_CHUNK = 1000;

/**
 * Writes the entry for every recipient, INBOX_CHUNK of them per statement (deliverChunk). One
 * statement for 10,000 followers held PGlite's one connection for seconds while the listing's reads
 * queued behind it; in chunks, reads run between them. Each chunk is idempotent on its own, so a
 * fan-out cut off midway and run again writes the rest once.
 */
export async function deliverToInbox(
  db: Kysely<Database>,
  eventId: string,
  recipients: RawBuilder<{ user_id: number }>,
  entry: InboxEntry,
): Promise<InboxDelivery[]> {
  const { rows } = await sql<{ user_id: number }>`SELECT DISTINCT user_id FROM (${recipients}) r
    ORDER BY user_id`.execute(db);
  const ids = rows.map((row) => row.user_id);
  const written: InboxDelivery[] = [];
  for (let start = 0; start < ids.length; start += INBOX_CHUNK) {
    const chunk = ids.slice(start, start + INBOX_CHUNK);
    const users = sql<{ user_id: number }>`SELECT unnest(${chunk}::int[]) AS user_id`;
    written.push(...(await deliverChunk(db, eventId, users, entry)));
  }
  return written;
}

/**
 * Writes the entry for every recipient in one statement: skips those who turned the kind's inbox
 * off and those who already got this event (the receipt), folds into an unread entry with the same
 * fold key (count + 1, the newest words and time), else adds one. Run twice, or on two instances,
 * it writes once. Answers the entries written, with their users.
 */
async function deliverChunk(
  db: Kysely<Database>,
  eventId: string,
  recipients: RawBuilder<{ user_id: number }>,
  entry: InboxEntry,
): Promise<InboxDelivery[]> {
  const { rows } = await sql<InboxDelivery>`
    WITH recipients AS (${recipients}),
    allowed AS (
      SELECT DISTINCT r.user_id FROM recipients r
      WHERE NOT EXISTS (
        SELECT 1 FROM notification_settings s
        WHERE s.user_id = r.user_id AND s.kind = ${entry.kind} AND NOT s.inbox)
    ),
    fresh AS (
      INSERT INTO notification_receipts (event_id, user_id, channel)
      SELECT ${eventId}::uuid, user_id, 'inbox' FROM allowed
      ON CONFLICT DO NOTHING
      RETURNING user_id
    )
    INSERT INTO notifications (user_id, kind, fold_key, count, subject, detail, url, image_url)
    SELECT user_id, ${entry.kind}, ${entry.foldKey}, ${entry.count ?? 1}::int, ${entry.subject},
      ${JSON.stringify(entry.detail)}::jsonb, ${entry.url}, ${entry.imageUrl}
    FROM fresh
    ON CONFLICT (user_id, fold_key) WHERE NOT read AND fold_key IS NOT NULL
    DO UPDATE SET count = notifications.count + EXCLUDED.count, subject = EXCLUDED.subject, detail = EXCLUDED.detail,
      url = EXCLUDED.url, image_url = EXCLUDED.image_url, created_at = now()
    RETURNING user_id, id`.execute(db);
  return rows;
}
