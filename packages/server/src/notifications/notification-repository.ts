import type { NotificationWire } from "@katale/adapters-http/contract";
import {
  defaultNotificationSettings,
  isNotificationKind,
  type NotificationKind,
  type NotificationSettings,
  notificationText,
} from "@katale/domain";
import { type Kysely, sql } from "kysely";
import type { Database } from "../db/schema.js";

export const NOTIFICATIONS_PER_PAGE = 20;

/**
 * Entries about a product moderators hid are left out (they come back with it): its page is gone
 * for the reader. The entry's url names the product (`/item/{slug}`), found by the slug's index.
 */
const NOT_ABOUT_HIDDEN = sql<boolean>`NOT EXISTS (
  SELECT 1 FROM products p WHERE p.hidden AND p.slug = substr(notifications.url, 7)
    AND notifications.url LIKE '/item/%')`;

/** A user's inbox and choices. Every call is scoped to the user: another's ids are not found. */
export class NotificationRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async page(userId: number, page: number, unreadOnly: boolean) {
    let query = this.db.selectFrom("notifications").where("user_id", "=", userId).where(NOT_ABOUT_HIDDEN);
    if (unreadOnly) query = query.where("read", "=", false);
    const [{ count }, rows, unread] = await Promise.all([
      query.select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirstOrThrow(),
      query
        .selectAll()
        .orderBy("created_at", "desc")
        .orderBy("id", "desc")
        .limit(NOTIFICATIONS_PER_PAGE)
        .offset((page - 1) * NOTIFICATIONS_PER_PAGE)
        .execute(),
      this.unread(userId),
    ]);
    return { count: Number(count), unread, results: rows.map(toWire) };
  }

  async unread(userId: number): Promise<number> {
    const row = await this.db
      .selectFrom("notifications")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("user_id", "=", userId)
      .where("read", "=", false)
      .where(NOT_ABOUT_HIDDEN)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Ids that are not this user's: the caller answers 404 for them (nothing is marked then). */
  async foreignIds(userId: number, ids: readonly number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const mine = await this.db
      .selectFrom("notifications")
      .select("id")
      .where("user_id", "=", userId)
      .where("id", "in", [...ids])
      .execute();
    const own = new Set(mine.map((row) => row.id));
    return ids.filter((id) => !own.has(id));
  }

  /** Marks the given entries read, or all when `ids` is undefined; answers the unread count. */
  async markRead(userId: number, ids: readonly number[] | undefined): Promise<number> {
    let update = this.db.updateTable("notifications").set({ read: true }).where("user_id", "=", userId);
    if (ids !== undefined) update = update.where("id", "in", [...ids]);
    await update.where("read", "=", false).execute();
    return this.unread(userId);
  }

  /** Entries by id, oldest first, with their users (for the live sockets; not scoped to one user). */
  async byIds(ids: readonly number[]): Promise<{ userId: number; wire: NotificationWire }[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .selectFrom("notifications")
      .selectAll()
      .where("id", "in", [...ids])
      .orderBy("created_at")
      .orderBy("id")
      .execute();
    return rows.map((row) => ({ userId: row.user_id, wire: toWire(row) }));
  }

  /** The unread counts of several users (0 for those with none). */
  async unreadOf(userIds: readonly number[]): Promise<Map<number, number>> {
    if (userIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom("notifications")
      .select(["user_id", (eb) => eb.fn.countAll<number>().as("n")])
      .where("user_id", "in", [...userIds])
      .where("read", "=", false)
      .groupBy("user_id")
      .execute();
    return new Map(rows.map((row) => [row.user_id, Number(row.n)]));
  }

  async settings(userId: number): Promise<NotificationSettings> {
    const rows = await this.db
      .selectFrom("notification_settings")
      .select(["kind", "inbox", "email", "push"])
      .where("user_id", "=", userId)
      .execute();
    const settings: Record<string, unknown> = { ...defaultNotificationSettings() };
    for (const row of rows) {
      if (isNotificationKind(row.kind))
        settings[row.kind] = { inbox: row.inbox, email: row.email, push: row.push };
    }
    return settings as NotificationSettings;
  }

  async saveSettings(
    userId: number,
    changes: Partial<Record<NotificationKind, { inbox: boolean; email: boolean; push: boolean }>>,
  ): Promise<void> {
    const rows = Object.entries(changes).map(([kind, choice]) => ({ user_id: userId, kind, ...choice }));
    if (rows.length === 0) return;
    await this.db
      .insertInto("notification_settings")
      .values(rows)
      .onConflict((oc) =>
        oc.columns(["user_id", "kind"]).doUpdateSet({
          inbox: sql`EXCLUDED.inbox`,
          email: sql`EXCLUDED.email`,
          push: sql`EXCLUDED.push`,
        }),
      )
      .execute();
  }
}

function toWire(row: {
  id: number;
  kind: string;
  count: number;
  subject: string;
  detail: Record<string, unknown>;
  url: string;
  image_url: string | null;
  /** A Date from both drivers (the schema's type wraps it twice). */
  created_at: unknown;
  read: boolean;
}): NotificationWire {
  const kind = row.kind as NotificationKind;
  // A chat entry quoting a message moderators hid shows no words (moderation-repository.ts).
  const { preview_hidden: previewHidden, ...shown } = row.detail;
  const detail = previewHidden === true ? { ...shown, preview: "" } : shown;
  const text = notificationText({ kind, count: row.count, subject: row.subject, detail });
  return {
    id: row.id,
    kind,
    title: text.title,
    body: text.body,
    url: row.url,
    image_url: row.image_url,
    created_at: (row.created_at as Date).toISOString(),
    read: row.read,
  };
}
