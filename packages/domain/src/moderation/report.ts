// Reports and moderation (trust and safety): what users may report, why, and what admins may do.

/** What can be reported. */
export const REPORT_TARGETS = ["product", "shop", "user", "review", "message"] as const;
export type ReportTarget = (typeof REPORT_TARGETS)[number];

export const REPORT_REASONS = [
  "scam",
  "prohibited",
  "counterfeit",
  "wrong_category",
  "offensive",
  "spam",
  "other",
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** A report's details: at most this many characters; required when the reason is `other`. */
export const REPORT_DETAILS_MAX = 1000;
/** Reports one user may send a day (UTC). */
export const REPORTS_PER_DAY = 20;
/** A moderator's note: at most this many characters. */
export const MODERATION_NOTE_MAX = 1000;

/** What an admin decides about the reports on a target. */
export const MODERATION_ACTIONS = ["dismiss", "hide", "suspend"] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

/** Which actions fit which target: a product, review or message is hidden; a shop or user suspended. */
export function actionFits(action: ModerationAction, target: ReportTarget): boolean {
  if (action === "dismiss") return true;
  if (action === "hide") return target !== "user";
  return target === "shop" || target === "user";
}

/** Defaults of the server's settings AUTO_HIDE_REPORTS and NEW_ACCOUNT_DAILY_PRODUCTS. */
export const AUTO_HIDE_REPORTS_DEFAULT = 3;
export const NEW_ACCOUNT_DAILY_PRODUCTS_DEFAULT = 10;
/** An account younger than this is new (the daily product limit holds for it). */
export const NEW_ACCOUNT_HOURS = 24;

export const REPORT_PAGE_SIZE = 20;
export const AUDIT_PAGE_SIZE = 50;
