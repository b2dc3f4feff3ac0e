import {
  MODERATION_ACTIONS,
  MODERATION_NOTE_MAX,
  REPORT_DETAILS_MAX,
  REPORT_REASONS,
  REPORT_TARGETS,
} from "@katale/domain";
import { z } from "zod";
import {
  badRequestError,
  dataOf,
  defineCalls,
  detailError,
  idParams,
  idValue,
  pageParam,
  paginated,
  timestamp,
} from "./common.js";

// Trust and safety (ours, beside spec §7), shop service: users report products, shops, users, reviews
// and chat messages; admins read the reports, resolve them (dismiss, hide, suspend), restore what
// they hid, and read the audit log of what every admin did.
//
// Hidden means gone from every public read path (lists, slug, search, browse, shop pages, feeds, chat,
// notifications): visitors and other users get 404. The owner still reads their own hidden product
// (by slug, with their token) with `moderation: {"hidden": true, "note"}` beside the product's fields;
// a suspended account cannot log in (403 `account_suspended`).

export const reportTarget = z.enum(REPORT_TARGETS);
export const reportReason = z.enum(REPORT_REASONS);
export const moderationAction = z.enum(MODERATION_ACTIONS);

export const reportWire = z.object({
  id: z.number().int(),
  target: reportTarget,
  target_id: z.number().int(),
  /** What the target shows (null fields when it has none, e.g. a user's picture); a web app path. */
  target_preview: z.object({
    title: z.string(),
    url: z.string().nullable(),
    image_url: z.string().nullable(),
  }),
  reason: reportReason,
  details: z.string(),
  reporter: z.object({ id: z.number().int(), name: z.string() }),
  created_at: timestamp,
  status: z.enum(["open", "resolved"]),
  /** Open reports on the same target (all of its reports, once resolved). */
  reports_on_target: z.number().int().min(1),
  /** How it was resolved; null while open. */
  action: moderationAction.nullable(),
  note: z.string().nullable(),
});
export type ReportWire = z.infer<typeof reportWire>;

export const auditEntryWire = z.object({
  id: z.number().int(),
  actor: z.object({ id: z.number().int(), name: z.string() }),
  /** `report.resolve`, `moderation.restore`, `category.create`, `verification.approve`, `admin.grant`… */
  action: z.string(),
  target: z.string(),
  target_id: z.string(),
  /** What the target was and became, as objects (null where it does not apply: a create has no before). */
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  address: z.string(),
  created_at: timestamp,
});
export type AuditEntryWire = z.infer<typeof auditEntryWire>;

const adminErrors = { 400: badRequestError, 401: detailError, 403: detailError, 404: detailError } as const;

export const moderationCalls = defineCalls({
  report: () => ({
    service: "shop",
    method: "POST",
    idempotent: true,
    path: "reports/",
    summary:
      "Report a product, shop, user, review or chat message (details up to 1,000 characters, required for `other`); one open report per reporter and target (409 already_reported), not oneself or one's own shop (400 own_target), 20 a day (429 too_many_reports); a message only by a participant of its room (403 not_participant)",
    auth: "token",
    body: z.object({
      target: reportTarget,
      target_id: idValue,
      reason: reportReason,
      details: z.string().trim().max(REPORT_DETAILS_MAX).optional(),
    }),
    response: {
      201: dataOf(z.object({ id: z.number().int() })),
      400: badRequestError,
      401: detailError,
      403: detailError,
      404: detailError,
      409: detailError,
      429: detailError,
    },
  }),
  listReports: () => ({
    service: "shop",
    method: "GET",
    path: "reports/",
    summary:
      "Reports for moderation (admins only), 20 a page: open ones grouped by target, the most-reported target first; resolved ones newest first",
    auth: "token",
    querystring: z.object({
      status: z.enum(["open", "resolved"]).default("open"),
      target: reportTarget.optional(),
      page: pageParam,
    }),
    response: { 200: paginated(reportWire), ...adminErrors },
  }),
  resolveReport: () => ({
    service: "shop",
    method: "POST",
    path: "reports/:id/resolve/",
    summary:
      "Resolve every open report on the report's target (admins only): dismiss; hide a product, review, message or shop; suspend a shop (its products hidden, its owner cannot post) or a user (sessions end, login refused)",
    auth: "token",
    params: idParams("id"),
    body: z.object({
      action: moderationAction,
      note: z.string().trim().max(MODERATION_NOTE_MAX).default(""),
    }),
    response: { 200: reportWire, ...adminErrors, 409: detailError },
  }),
  restore: () => ({
    service: "shop",
    method: "POST",
    path: "moderation/restore/",
    summary: "Undo a hide or a suspension (admins only): the target is back on every read path",
    auth: "token",
    body: z.object({ target: reportTarget, target_id: idValue }),
    response: { 200: z.object({ detail: z.string() }), ...adminErrors },
  }),
  audit: () => ({
    service: "shop",
    method: "GET",
    path: "admin/audit/",
    summary:
      "What admins did, newest first, 50 a page (admins only; append-only): `actor` a user id, `target` a kind (`product`) or one target (`product:12`)",
    auth: "token",
    querystring: z.object({
      actor: z
        .string()
        .regex(/^\d{1,9}$/)
        .optional(),
      target: z
        .string()
        .regex(/^[a-z_]{1,40}(:[\w.@+-]{1,200})?$/)
        .optional(),
      page: pageParam,
    }),
    response: { 200: paginated(auditEntryWire), ...adminErrors },
  }),
});
