import { randomUUID } from "node:crypto";
import {
  type ModeratedThing,
  moderationMailMessages,
  moderationMessages,
  type ReportReason,
  type ReportTarget,
  reportingMessages,
} from "@katale/domain";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.js";
import type { JobQueue } from "../jobs/job-queue.js";
import { escapeHtml } from "../mail/dev-mail-routes.js";
import type { Mailer, MailMessage } from "../mail/mailer.js";
import { chatRoomUrl, itemUrl, shopAdminUrl } from "../web-paths.js";

// The owner is told by e-mail when moderation hides, suspends or restores their product, shop, review
// or chat message (a user's own suspension is told at login). The change records the e-mail in its
// transaction, as a job of the durable queue (jobs/); the job sends it, once: its receipt is written
// in a transaction that commits only after the mail server took the message. Reporters are never
// named: the e-mail gives the reasons they chose, never their details.

/** The queue's job that sends one owner e-mail: an `OwnerMailEvent`. */
export const OWNER_MAIL_JOB = "moderation-owner-mail";

export type OwnerMailTarget = Exclude<ReportTarget, "user">;

export type OwnerMailEvent = {
  readonly target: OwnerMailTarget;
  readonly target_id: number;
  readonly change: "hidden" | "suspended" | "restored";
  /** Hidden by the reports' threshold, until an admin decides. */
  readonly automatic: boolean;
  /** The reasons reported (an automatic hide). */
  readonly reasons: readonly ReportReason[];
  /** The moderator's note; empty when none. */
  readonly note: string;
};

type Db = Kysely<Database>;
const t = moderationMailMessages;
const SNIPPET = 80;
const snippet = (text: string) => (text.length > SNIPPET ? `${text.slice(0, SNIPPET - 1)}…` : text);

/** Records the owner's e-mail in `trx`, the change's transaction. */
export async function recordOwnerMail(queue: JobQueue, trx: Db, event: OwnerMailEvent): Promise<void> {
  await queue.enqueue(trx, OWNER_MAIL_JOB, { ...event, event_id: randomUUID() });
}

/** Works the queue's owner e-mails (call before the queue starts). */
export function startOwnerMails(jobs: JobQueue, db: Db, mailer: Mailer, publicUrl: string): void {
  jobs.work(OWNER_MAIL_JOB, (data) =>
    deliverOwnerMail(db, mailer, publicUrl, data as OwnerMailEvent & { event_id: string }),
  );
}

/**
 * Sends the e-mail unless the target is gone, its owner's account is, or the target's state has
 * changed since (a hide restored before its e-mail went says nothing).
 */
export async function deliverOwnerMail(
  db: Db,
  mailer: Mailer,
  publicUrl: string,
  event: OwnerMailEvent & { event_id: string },
): Promise<void> {
  const found = await ownedThing(db, event.target, event.target_id);
  if (!found) return;
  const held = await db
    .selectFrom("moderation_holds")
    .select("kind")
    .where("target", "=", event.target)
    .where("target_id", "=", event.target_id)
    .executeTakeFirst();
  if ((event.change === "restored") !== !held) return;
  const owner = await db
    .selectFrom("users")
    .select(["id", "email", "deleted_at"])
    .where("id", "=", found.ownerId)
    .executeTakeFirst();
  if (!owner || owner.deleted_at) return;
  const message = ownerMail(owner.email, found.thing, `${publicUrl}${found.path}`, publicUrl, event);
  await db.transaction().execute(async (trx) => {
    const fresh = await trx
      .insertInto("notification_receipts")
      .values({ event_id: event.event_id, user_id: owner.id, channel: "email" })
      .onConflict((oc) => oc.doNothing())
      .returning("user_id")
      .executeTakeFirst();
    if (fresh) await mailer.send(message);
  });
}

/** The owner's e-mail: what happened to what, why, what comes next, and a link to it. */
export function ownerMail(
  to: string,
  thing: ModeratedThing,
  url: string,
  publicUrl: string,
  event: OwnerMailEvent,
): MailMessage {
  const lines: string[] = [];
  let subject: string;
  if (event.change === "restored") {
    subject = t.restoredSubject(thing);
    lines.push(t.restored(thing));
    if (event.note) lines.push(t.note(event.note));
  } else if (event.automatic) {
    subject = t.hiddenSubject(thing);
    lines.push(t.autoHidden(thing));
    const reasons = [...new Set(event.reasons)].map((reason) => reportingMessages.reasons[reason]);
    if (reasons.length > 0) lines.push(t.reasons(reasons));
    lines.push(t.autoNext);
  } else {
    const suspended = event.change === "suspended";
    subject = suspended ? t.suspendedSubject(thing) : t.hiddenSubject(thing);
    lines.push(suspended ? t.suspendedByTeam(thing) : t.hiddenByTeam(thing));
    if (event.note) lines.push(t.note(event.note));
    lines.push(t.teamNext(`${publicUrl}/contact`));
  }
  return {
    to,
    subject,
    text: `${[...lines, t.open(url)].join("\n\n")}\n`,
    html: [
      ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
      `<p><a href="${escapeHtml(url)}">${escapeHtml(t.openLink)}</a></p>`,
    ].join("\n"),
  };
}

/** The target as its owner knows it, who that is, and its page in the web app. */
async function ownedThing(
  db: Db,
  target: OwnerMailTarget,
  id: number,
): Promise<{ thing: ModeratedThing; ownerId: number; path: string } | undefined> {
  switch (target) {
    case "product": {
      const p = await db
        .selectFrom("products as p")
        .innerJoin("shops as s", "s.id", "p.shop_id")
        .select(["p.name", "p.slug", "s.owner_id"])
        .where("p.id", "=", id)
        .executeTakeFirst();
      return p && { thing: { target, name: p.name }, ownerId: p.owner_id, path: itemUrl(p.slug) };
    }
    case "shop": {
      const s = await db
        .selectFrom("shops")
        .select(["name", "owner_id"])
        .where("id", "=", id)
        .executeTakeFirst();
      return s && { thing: { target, name: s.name }, ownerId: s.owner_id, path: shopAdminUrl(s.name) };
    }
    case "review": {
      const c = await db
        .selectFrom("comments as c")
        .innerJoin("products as p", "p.id", "c.product_id")
        .select(["c.user_id", "p.name", "p.slug"])
        .where("c.id", "=", id)
        .executeTakeFirst();
      return c && { thing: { target, name: c.name }, ownerId: c.user_id, path: itemUrl(c.slug) };
    }
    case "message": {
      const m = await db
        .selectFrom("chat_messages as m")
        .innerJoin("chat_rooms as r", "r.id", "m.room_id")
        .select(["m.sender_id", "m.message", "r.slug"])
        .where("m.id", "=", id)
        .executeTakeFirst();
      return (
        m && {
          thing: { target, name: snippet(m.message || moderationMessages.photoMessage) },
          ownerId: m.sender_id,
          path: chatRoomUrl(m.slug),
        }
      );
    }
  }
}
