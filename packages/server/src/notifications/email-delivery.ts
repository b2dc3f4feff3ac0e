import {
  defaultChannels,
  type NotificationKind,
  notificationMailMessages,
  notificationText,
} from "@katale/domain";
import { type Kysely, sql } from "kysely";
import type { Database } from "../db/schema.js";
import { escapeHtml } from "../mail/dev-mail-routes.js";
import type { Mailer, MailMessage } from "../mail/mailer.js";
import { chatRoomUrl } from "../web-paths.js";
import type { UnsubscribeLinks } from "./unsubscribe-links.js";

/** The queue's job that sends notification e-mails: `{events: EmailEvent[]}`. */
export const EMAIL_BATCH_JOB = "notify-email";

/** An e-mail to send: a chat room still unread, or a user's daily digest of saved-search matches. */
export type EmailEvent =
  | {
      readonly kind: "chat_message";
      readonly event_id: string;
      readonly user_id: number;
      readonly room_id: number;
      /** The start of the unread stretch the e-mail is about (ISO time). */
      readonly since: string;
    }
  | {
      readonly kind: "saved_search_match";
      readonly event_id: string;
      readonly user_id: number;
      /** The digest's day (YYYY-MM-DD, East Africa Time). */
      readonly day: string;
    };

const t = notificationMailMessages;

/** Whether the user gets e-mail of this kind: their choice, else the kind's default. */
export async function emailAllowed(db: Kysely<Database>, userId: number, kind: NotificationKind) {
  const row = await db
    .selectFrom("notification_settings")
    .select("email")
    .where("user_id", "=", userId)
    .where("kind", "=", kind)
    .executeTakeFirst();
  return row ? row.email : defaultChannels(kind).email;
}

/**
 * Sends notification e-mails, each once per event, user and channel: the receipt is written in a
 * transaction that commits only after the mail server took the message (a failure rolls it back and
 * the job runs again; a second run, or another instance's, waits on the receipt and then skips it).
 * What the e-mail says is read when it is sent: a room read meanwhile, or a kind turned off, sends
 * nothing. Every e-mail carries a one-click unsubscribe link (RFC 8058) and the settings page.
 */
export class EmailDelivery {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly mailer: Mailer,
    private readonly links: UnsubscribeLinks,
    private readonly publicUrl: string,
  ) {}

  async deliver(event: EmailEvent): Promise<void> {
    const user = await this.db
      .selectFrom("users")
      .select(["id", "email", "deleted_at"])
      .where("id", "=", event.user_id)
      .executeTakeFirst();
    if (!user || user.deleted_at) return;
    if (!(await emailAllowed(this.db, user.id, event.kind))) return;
    const content = event.kind === "chat_message" ? await this.chat(event) : await this.digest(event);
    if (!content) return;
    const message = await this.withFooter(user.id, user.email, event.kind, content);
    await this.db.transaction().execute(async (trx) => {
      const fresh = await trx
        .insertInto("notification_receipts")
        .values({ event_id: event.event_id, user_id: user.id, channel: "email" })
        .onConflict((oc) => oc.doNothing())
        .returning("user_id")
        .executeTakeFirst();
      if (fresh) await this.mailer.send(message);
    });
  }

  private async withFooter(
    userId: number,
    to: string,
    kind: NotificationKind,
    content: { subject: string; text: string; html: string },
  ): Promise<MailMessage> {
    const unsubscribe = await this.links.url(userId, kind);
    const settings = `${this.publicUrl}/account/notification-settings`;
    const kindName = t.kindName[kind] ?? kind;
    const link = (url: string, words: string) => `<a href="${escapeHtml(url)}">${escapeHtml(words)}</a>`;
    return {
      to,
      subject: content.subject,
      text: `${content.text}\n\n--\n${t.footerSettings(settings)}\n${t.footerUnsubscribe(kindName, unsubscribe)}\n`,
      html:
        `${content.html}<hr><p style="font-size:12px;color:#666">` +
        `${link(settings, t.unsubscribeSettings)} · ${link(unsubscribe, t.unsubscribeAsk(kindName).replace(/\?$/, ""))}</p>`,
      headers: {
        "List-Unsubscribe": `<${unsubscribe}>`,
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      },
    };
  }

  /**
   * The room's messages the user has not read, when there still are some from the stretch's start;
   * those moderators hid are neither counted nor quoted.
   */
  private async chat(event: Extract<EmailEvent, { kind: "chat_message" }>) {
    const room = await this.db
      .selectFrom("chat_rooms as r")
      .innerJoin("shops as s", "s.id", "r.shop_id")
      .innerJoin("users as c", "c.id", "r.customer_id")
      .select([
        "r.slug",
        "r.customer_id",
        "r.customer_last_read_at",
        "r.owner_last_read_at",
        "s.owner_id",
        "s.name as shop_name",
        "c.name as customer_name",
      ])
      .where("r.id", "=", event.room_id)
      .executeTakeFirst();
    if (!room) return undefined;
    const isCustomer = room.customer_id === event.user_id;
    if (!isCustomer && room.owner_id !== event.user_id) return undefined;
    const readAt = isCustomer ? room.customer_last_read_at : room.owner_last_read_at;
    if (readAt && new Date(readAt) >= new Date(event.since)) return undefined;
    const photoWord = t.photo;
    const { rows } = await sql<{ n: number | string; last: string | null }>`
      SELECT count(*) AS n,
             (array_agg(CASE WHEN image IS NOT NULL AND message = '' THEN ${photoWord}::text ELSE message END
                        ORDER BY id DESC))[1] AS last
        FROM chat_messages
       WHERE room_id = ${event.room_id} AND sender_id <> ${event.user_id} AND NOT hidden
         AND created_at > coalesce(${readAt ?? null}::timestamptz, '-infinity'::timestamptz)`.execute(
      this.db,
    );
    const count = Number(rows[0]?.n ?? 0);
    if (count === 0) return undefined;
    const from = isCustomer ? room.shop_name : room.customer_name;
    const preview = (rows[0]?.last ?? "").slice(0, 300);
    const { title } = notificationText({ kind: "chat_message", count, subject: from, detail: { preview } });
    const url = `${this.publicUrl}${chatRoomUrl(room.slug)}`;
    return {
      subject: title,
      text: `${title}\n\n${preview ? `"${preview}"\n\n` : ""}${t.chatUnread(count)}\n${t.chatOpen}: ${url}`,
      html:
        `<p><b>${escapeHtml(title)}</b></p>` +
        (preview ? `<blockquote>${escapeHtml(preview)}</blockquote>` : "") +
        `<p>${escapeHtml(t.chatUnread(count))}</p><p><a href="${escapeHtml(url)}">${escapeHtml(t.chatOpen)}</a></p>`,
    };
  }

  /** The day's new matches of the user's saved searches, by search. */
  private async digest(event: Extract<EmailEvent, { kind: "saved_search_match" }>) {
    const rows = await this.db
      .selectFrom("saved_search_matches as m")
      .innerJoin("saved_searches as s", "s.id", "m.search_id")
      .innerJoin("products as p", "p.id", "m.product_id")
      .select(["s.id as search_id", "s.name as search_name", "p.name", "p.slug", "p.price"])
      .where("m.user_id", "=", event.user_id)
      .where("m.digest_day", "=", event.day)
      .orderBy("s.id")
      .orderBy("p.id", "desc")
      .limit(DIGEST_ITEMS_MAX)
      .execute();
    if (rows.length === 0) return undefined;
    const subject = t.digestSubject(rows.length);
    const text: string[] = [t.digestIntro];
    const html: string[] = [`<p>${escapeHtml(t.digestIntro)}</p>`];
    let search: number | undefined;
    for (const row of rows) {
      if (row.search_id !== search) {
        search = row.search_id;
        text.push("", t.digestSearch(row.search_name));
        html.push(`<h3>${escapeHtml(t.digestSearch(row.search_name))}</h3>`);
      }
      const url = `${this.publicUrl}/item/${encodeURIComponent(row.slug)}`;
      const price = `UGX ${Number(row.price).toLocaleString("en-US")}`;
      text.push(`- ${row.name}, ${price}: ${url}`);
      html.push(`<p><a href="${escapeHtml(url)}">${escapeHtml(row.name)}</a>, ${escapeHtml(price)}</p>`);
    }
    return { subject, text: text.join("\n"), html: html.join("") };
  }
}

/** Most products one digest lists. */
const DIGEST_ITEMS_MAX = 50;
