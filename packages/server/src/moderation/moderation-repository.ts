import type { ReportWire } from "@katale/adapters-http/contract";
import {
  type ModerationAction,
  moderationMessages,
  REPORTS_PER_DAY,
  type ReportReason,
  type ReportTarget,
} from "@katale/domain";
import { type Kysely, sql } from "kysely";
import { PREVIEW_MAX } from "../chat/chat-message-repository.js";
import type { Database } from "../db/schema.js";
import { itemUrl } from "../web-paths.js";
import type { OwnerMailEvent, OwnerMailTarget } from "./owner-mail.js";

// Reports and moderation holds (migration 0024). A hold hides a target (or suspends a shop or user)
// until an admin restores it; the `hidden` and `suspended` flags the read paths filter on are
// written here, with the hold, in the caller's transaction. A product is hidden while it or its
// shop holds one.

type Db = Kysely<Database>;

export type HoldKind = "hide" | "suspend";
export type Hold = { kind: HoldKind; note: string; automatic: boolean };

/** Who a target belongs to (a report on it by them is refused) and, for a message, its room's people. */
type Facts = { owners: number[]; participants?: number[] };

async function factsOf(db: Db, target: ReportTarget, id: number): Promise<Facts | undefined> {
  switch (target) {
    case "product": {
      const row = await db
        .selectFrom("products as p")
        .innerJoin("shops as s", "s.id", "p.shop_id")
        .select("s.owner_id")
        .where("p.id", "=", id)
        .executeTakeFirst();
      return row && { owners: [row.owner_id] };
    }
    case "shop": {
      const row = await db.selectFrom("shops").select("owner_id").where("id", "=", id).executeTakeFirst();
      return row && { owners: [row.owner_id] };
    }
    case "user": {
      const row = await db
        .selectFrom("users")
        .select("id")
        .where("id", "=", id)
        .where("deleted_at", "is", null)
        .executeTakeFirst();
      return row && { owners: [row.id] };
    }
    case "review": {
      const row = await db.selectFrom("comments").select("user_id").where("id", "=", id).executeTakeFirst();
      return row && { owners: [row.user_id] };
    }
    case "message": {
      const row = await db
        .selectFrom("chat_messages as m")
        .innerJoin("chat_rooms as r", "r.id", "m.room_id")
        .innerJoin("shops as s", "s.id", "r.shop_id")
        .select(["m.sender_id", "r.customer_id", "s.owner_id"])
        .where("m.id", "=", id)
        .executeTakeFirst();
      return row && { owners: [row.sender_id], participants: [row.customer_id, row.owner_id] };
    }
  }
}

export type NewReport = { target: ReportTarget; targetId: number; reason: ReportReason; details: string };
export type ReportOutcome =
  | { ok: true; id: number; autoHidden: boolean }
  | { ok: false; why: "not_found" | "own_target" | "not_participant" | "already_reported" | "too_many" };

export type ResolveOutcome =
  | { ok: true; targets: { target: ReportTarget; targetId: number }; resolved: number; before: Hold | null }
  | { ok: false; why: "not_found" | "resolved" | "action_not_for_target" };

/** Targets whose reports may hide them by themselves (a user is never suspended by reports alone). */
const AUTO_HIDDEN: readonly ReportTarget[] = ["product", "shop", "review", "message"];

/** Records the owner's e-mail about a change, in the change's transaction (owner-mail.ts). */
export type TellOwner = (trx: Db, event: OwnerMailEvent) => Promise<void>;

export class ModerationRepository {
  constructor(
    private readonly db: Db,
    private readonly tellOwner: TellOwner,
  ) {}

  /**
   * Files a report. The reporter's row is locked for the transaction, so their day's count holds
   * under concurrent reports. At `autoHideAt` distinct open reporters (0: never) the target is hidden
   * until an admin decides, and its owner told why (the reasons reported, never who reported).
   */
  async report(reporterId: number, input: NewReport, autoHideAt: number): Promise<ReportOutcome> {
    return this.db.transaction().execute(async (trx) => {
      await trx.selectFrom("users").select("id").where("id", "=", reporterId).forUpdate().execute();
      const facts = await factsOf(trx, input.target, input.targetId);
      if (!facts) return { ok: false, why: "not_found" };
      if (facts.participants && !facts.participants.includes(reporterId))
        return { ok: false, why: "not_participant" };
      if (facts.owners.includes(reporterId)) return { ok: false, why: "own_target" };
      const today = await trx
        .selectFrom("reports")
        .select((eb) => eb.fn.countAll<string>().as("n"))
        .where("reporter_id", "=", reporterId)
        .where(sql<boolean>`created_at >= date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'`)
        .executeTakeFirstOrThrow();
      if (Number(today.n) >= REPORTS_PER_DAY) return { ok: false, why: "too_many" };
      const { rows } = await sql<{ id: number }>`
        INSERT INTO reports (reporter_id, target, target_id, reason, details)
        VALUES (${reporterId}, ${input.target}, ${input.targetId}, ${input.reason}, ${input.details})
        ON CONFLICT (reporter_id, target, target_id) WHERE status = 'open' DO NOTHING
        RETURNING id`.execute(trx);
      const id = rows[0]?.id;
      if (id === undefined) return { ok: false, why: "already_reported" };
      let autoHidden = false;
      if (autoHideAt > 0 && AUTO_HIDDEN.includes(input.target)) {
        const reporters = await trx
          .selectFrom("reports")
          .select((eb) => eb.fn.count<string>("reporter_id").distinct().as("n"))
          .where("target", "=", input.target)
          .where("target_id", "=", input.targetId)
          .where("status", "=", "open")
          .executeTakeFirstOrThrow();
        if (Number(reporters.n) >= autoHideAt && !(await holdOf(trx, input.target, input.targetId))) {
          await applyHold(
            trx,
            input.target,
            input.targetId,
            { kind: "hide", note: "", automatic: true },
            null,
          );
          autoHidden = true;
          const reasons = await trx
            .selectFrom("reports")
            .select("reason")
            .distinct()
            .where("target", "=", input.target)
            .where("target_id", "=", input.targetId)
            .where("status", "=", "open")
            .orderBy("reason")
            .execute();
          await this.tellOwner(trx, {
            target: input.target as OwnerMailTarget,
            target_id: input.targetId,
            change: "hidden",
            automatic: true,
            reasons: reasons.map((row) => row.reason as ReportReason),
            note: "",
          });
        }
      }
      return { ok: true, id, autoHidden };
    });
  }

  /**
   * Resolves every open report on the target of report `id` with `action`, in `trx`: dismiss lifts
   * a hold the reports' threshold put; hide and suspend put the admin's hold. The owner of what is
   * hidden, suspended or shown again is told (a user's own suspension is told at login).
   */
  async resolve(
    trx: Db,
    id: number,
    action: ModerationAction,
    note: string,
    adminId: number,
    fits: (action: ModerationAction, target: ReportTarget) => boolean,
  ): Promise<ResolveOutcome> {
    const report = await trx
      .selectFrom("reports")
      .select(["target", "target_id", "status"])
      .where("id", "=", id)
      .forUpdate()
      .executeTakeFirst();
    if (!report) return { ok: false, why: "not_found" };
    if (report.status !== "open") return { ok: false, why: "resolved" };
    if (!fits(action, report.target)) return { ok: false, why: "action_not_for_target" };
    const before = await holdOf(trx, report.target, report.target_id);
    const resolved = await trx
      .updateTable("reports")
      .set({ status: "resolved", action, note, resolved_by: adminId, resolved_at: sql`now()` })
      .where("target", "=", report.target)
      .where("target_id", "=", report.target_id)
      .where("status", "=", "open")
      .executeTakeFirstOrThrow();
    const told = { target: report.target as OwnerMailTarget, target_id: report.target_id, reasons: [], note };
    if (action === "dismiss") {
      if (before?.automatic) {
        await removeHold(trx, report.target, report.target_id);
        if (report.target !== "user")
          await this.tellOwner(trx, { ...told, change: "restored", automatic: false });
      }
    } else {
      await applyHold(
        trx,
        report.target,
        report.target_id,
        { kind: action, note, automatic: false },
        adminId,
      );
      if (report.target !== "user")
        await this.tellOwner(trx, {
          ...told,
          change: action === "suspend" ? "suspended" : "hidden",
          automatic: false,
        });
    }
    return {
      ok: true,
      targets: { target: report.target, targetId: report.target_id },
      resolved: Number(resolved.numUpdatedRows),
      before,
    };
  }

  /**
   * Lifts the target's hold in `trx` and tells its owner; the hold it was, or undefined when there
   * was none.
   */
  async restore(trx: Db, target: ReportTarget, targetId: number): Promise<Hold | undefined> {
    const before = await holdOf(trx, target, targetId);
    if (!before) return undefined;
    await removeHold(trx, target, targetId);
    if (target !== "user")
      await this.tellOwner(trx, {
        target,
        target_id: targetId,
        change: "restored",
        automatic: false,
        reasons: [],
        note: "",
      });
    return before;
  }

  /** One report as the admins' list shows it. */
  async reportById(id: number): Promise<ReportWire | undefined> {
    const { rows } = await this.listQuery(sql`r.id = ${id}`, sql`r.id`, 1, 0);
    return (await this.withPreviews(rows))[0];
  }

  /** A page of reports: open ones grouped by target, most-reported first; resolved ones newest first. */
  async list(
    status: "open" | "resolved",
    target: ReportTarget | undefined,
    limit: number,
    offset: number,
  ): Promise<{ count: number; results: ReportWire[] }> {
    const where =
      target === undefined ? sql`r.status = ${status}` : sql`r.status = ${status} AND r.target = ${target}`;
    const order =
      status === "open"
        ? sql`on_target DESC, newest_on_target DESC, r.target, r.target_id, r.id DESC`
        : sql`r.resolved_at DESC, r.id DESC`;
    const { rows } = await this.listQuery(where, order, limit, offset);
    const count = rows.length > 0 ? Number(rows[0]!.total) : 0;
    return { count, results: await this.withPreviews(rows) };
  }

  private listQuery(
    where: ReturnType<typeof sql>,
    order: ReturnType<typeof sql>,
    limit: number,
    offset: number,
  ) {
    return sql<ListRow>`
      SELECT r.id, r.target, r.target_id, r.reason, r.details, r.status, r.action, r.note, r.created_at,
             r.reporter_id, u.name AS reporter_name,
             (SELECT count(*) FROM reports o WHERE o.target = r.target AND o.target_id = r.target_id
                AND (r.status = 'resolved' OR o.status = 'open')) AS on_target,
             max(r.created_at) OVER (PARTITION BY r.target, r.target_id) AS newest_on_target,
             count(*) OVER () AS total
      FROM reports r JOIN users u ON u.id = r.reporter_id
      WHERE ${where}
      ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`.execute(this.db);
  }

  private async withPreviews(rows: ListRow[]): Promise<ReportWire[]> {
    const previews = new Map<string, ReportWire["target_preview"]>();
    for (const row of rows) {
      const key = `${row.target}:${row.target_id}`;
      if (!previews.has(key)) previews.set(key, await previewOf(this.db, row.target, row.target_id));
    }
    return rows.map((row) => ({
      id: row.id,
      target: row.target,
      target_id: row.target_id,
      target_preview: previews.get(`${row.target}:${row.target_id}`)!,
      reason: row.reason,
      details: row.details,
      reporter: { id: row.reporter_id, name: row.reporter_name },
      created_at: new Date(row.created_at).toISOString(),
      status: row.status,
      reports_on_target: Math.max(1, Number(row.on_target)),
      action: row.action,
      note: row.note,
    }));
  }
}

type ListRow = {
  id: number;
  target: ReportTarget;
  target_id: number;
  reason: ReportReason;
  details: string;
  status: "open" | "resolved";
  action: ModerationAction | null;
  note: string | null;
  created_at: Date | string;
  reporter_id: number;
  reporter_name: string;
  on_target: string | number;
  total: string | number;
};

const SNIPPET = 120;
const snippet = (text: string) => (text.length > SNIPPET ? `${text.slice(0, SNIPPET - 1)}…` : text);

/** What the admins see of a target (whether hidden or not); a gone one says so. */
async function previewOf(db: Db, target: ReportTarget, id: number): Promise<ReportWire["target_preview"]> {
  const gone = { title: moderationMessages.targetGone, url: null, image_url: null };
  switch (target) {
    case "product": {
      const p = await db
        .selectFrom("products")
        .select(["name", "slug", "images"])
        .where("id", "=", id)
        .executeTakeFirst();
      return p ? { title: p.name, url: itemUrl(p.slug), image_url: p.images[0] ?? null } : gone;
    }
    case "shop": {
      const s = await db
        .selectFrom("shops")
        .select(["name", "display_image"])
        .where("id", "=", id)
        .executeTakeFirst();
      return s ? { title: s.name, url: null, image_url: s.display_image } : gone;
    }
    case "user": {
      const u = await db
        .selectFrom("users")
        .select(["name", "profile_picture"])
        .where("id", "=", id)
        .executeTakeFirst();
      return u ? { title: u.name, url: null, image_url: u.profile_picture } : gone;
    }
    case "review": {
      const c = await db
        .selectFrom("comments as c")
        .innerJoin("products as p", "p.id", "c.product_id")
        .select(["c.comment", "p.slug"])
        .where("c.id", "=", id)
        .executeTakeFirst();
      return c ? { title: snippet(c.comment), url: itemUrl(c.slug), image_url: null } : gone;
    }
    case "message": {
      const m = await db
        .selectFrom("chat_messages")
        .select(["message", "image"])
        .where("id", "=", id)
        .executeTakeFirst();
      if (!m) return gone;
      return { title: snippet(m.message || moderationMessages.photoMessage), url: null, image_url: m.image };
    }
  }
}

async function holdOf(db: Db, target: ReportTarget, targetId: number): Promise<Hold | null> {
  const row = await db
    .selectFrom("moderation_holds")
    .select(["kind", "note", "automatic"])
    .where("target", "=", target)
    .where("target_id", "=", targetId)
    .executeTakeFirst();
  return row ?? null;
}

/** Puts (or replaces) the target's hold and hides (or suspends) it, in `trx`. */
async function applyHold(trx: Db, target: ReportTarget, targetId: number, hold: Hold, by: number | null) {
  await trx
    .insertInto("moderation_holds")
    .values({ target, target_id: targetId, ...hold, created_by: by })
    .onConflict((oc) =>
      oc.columns(["target", "target_id"]).doUpdateSet({ ...hold, created_by: by, created_at: sql`now()` }),
    )
    .execute();
  switch (target) {
    case "product":
      await trx
        .updateTable("products")
        .set({ hidden: true })
        .where("id", "=", targetId)
        .where("hidden", "=", false)
        .execute();
      return;
    case "shop":
      await trx.updateTable("shops").set({ hidden: true }).where("id", "=", targetId).execute();
      await trx
        .updateTable("products")
        .set({ hidden: true })
        .where("shop_id", "=", targetId)
        .where("hidden", "=", false)
        .execute();
      return;
    case "review":
      await trx.updateTable("comments").set({ hidden: true }).where("id", "=", targetId).execute();
      return;
    case "message":
      await trx.updateTable("chat_messages").set({ hidden: true }).where("id", "=", targetId).execute();
      await markPreviews(trx, targetId, true);
      return;
    case "user":
      // Every session ends at once; login is refused while suspended (auth/session-routes.ts).
      await trx.updateTable("users").set({ suspended: true }).where("id", "=", targetId).execute();
      await trx
        .updateTable("auth_tokens")
        .set({ revoked_at: sql`now()` })
        .where("user_id", "=", targetId)
        .where("revoked_at", "is", null)
        .execute();
      return;
  }
}

/** Lifts the target's hold and shows it again (a product stays hidden while its shop is), in `trx`. */
async function removeHold(trx: Db, target: ReportTarget, targetId: number) {
  await trx
    .deleteFrom("moderation_holds")
    .where("target", "=", target)
    .where("target_id", "=", targetId)
    .execute();
  switch (target) {
    case "product":
      await sql`
        UPDATE products p SET hidden = EXISTS (
          SELECT 1 FROM moderation_holds h WHERE h.target = 'shop' AND h.target_id = p.shop_id)
        WHERE p.id = ${targetId} AND p.hidden`.execute(trx);
      return;
    case "shop":
      await trx.updateTable("shops").set({ hidden: false }).where("id", "=", targetId).execute();
      await sql`
        UPDATE products p SET hidden = false
        WHERE p.shop_id = ${targetId} AND p.hidden
          AND NOT EXISTS (SELECT 1 FROM moderation_holds h WHERE h.target = 'product' AND h.target_id = p.id)`.execute(
        trx,
      );
      return;
    case "review":
      await trx.updateTable("comments").set({ hidden: false }).where("id", "=", targetId).execute();
      return;
    case "message":
      await trx.updateTable("chat_messages").set({ hidden: false }).where("id", "=", targetId).execute();
      await markPreviews(trx, targetId, false);
      return;
    case "user":
      await trx.updateTable("users").set({ suspended: false }).where("id", "=", targetId).execute();
      return;
  }
}

/**
 * A chat inbox entry shows the room's latest message as its body (notifications/deliver-event.ts).
 * While that message is hidden, the entries quoting it carry `preview_hidden` and show no body
 * (notification-repository.ts); restoring it lifts the mark. Notices not handed to the inbox yet
 * lose the words for good: the entry they become says only that a message came.
 */
async function markPreviews(trx: Db, messageId: number, hidden: boolean) {
  const mark = hidden ? sql`n.detail || '{"preview_hidden": true}'::jsonb` : sql`n.detail - 'preview_hidden'`;
  await sql`
    UPDATE notifications n SET detail = ${mark}
      FROM chat_messages m
     WHERE m.id = ${messageId} AND n.kind = 'chat_message' AND n.fold_key = 'chat:' || m.room_id
       AND n.user_id <> m.sender_id AND n.detail->>'preview' = left(m.message, ${PREVIEW_MAX}::int)`.execute(
    trx,
  );
  if (hidden)
    await sql`
      UPDATE chat_notices c SET preview = ''
        FROM chat_messages m
       WHERE m.id = ${messageId} AND c.room_id = m.room_id AND c.preview = left(m.message, ${PREVIEW_MAX}::int)`.execute(
      trx,
    );
}
