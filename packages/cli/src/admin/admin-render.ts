import { type AdminRoleChange, pageCount, type VerificationReview } from "@katale/domain";
import { renderTable } from "../output/table.js";
import { adminCliMessages as text } from "./admin-cli-messages.js";
import type { CategoryImportReport } from "./categories/apply-plan.js";
import { LEVELS } from "./categories/category-tree.js";
import type { PlanItem } from "./categories/plan-categories.js";

/** What an item changes, in a few words. */
function detail(item: PlanItem): string {
  const image = item.image ? `image ${item.image.path.split("/").pop()}` : "";
  switch (item.action) {
    case "create":
      return [LEVELS[item.level], image].filter(Boolean).join(", ");
    case "update":
      return [item.renamedFrom === undefined ? "" : `was "${item.renamedFrom}"`, image && `new ${image}`]
        .filter(Boolean)
        .join(", ");
    case "delete":
      return item.removes ? `${LEVELS[item.level]}, ${item.removes} under it` : LEVELS[item.level];
    default:
      return "";
  }
}

/**
 * `categories import`: the plan as a table of what changes (unchanged entries are only counted,
 * what cannot be done is listed in full with the outcome).
 */
export function renderPlan(plan: readonly PlanItem[], width: number): string {
  const changes = plan.filter((item) => item.action !== "unchanged" && item.action !== "failed");
  if (changes.length === 0)
    return plan.some((item) => item.action === "failed") ? "" : `${text.nothingToDo}\n`;
  const lines = renderTable(
    [
      { header: "ACTION", value: (i: PlanItem) => i.action },
      { header: "PATH", value: (i: PlanItem) => i.path, shrink: true, weight: 2, minWidth: 12 },
      { header: "CHANGE", value: (i: PlanItem) => detail(i), shrink: true, minWidth: 12 },
    ],
    changes,
    width,
  );
  return `${lines.join("\n")}\n`;
}

/** After the import, for stderr: every failure in full, one a line. */
export function renderImportFailures(report: CategoryImportReport): string {
  return report.items
    .filter((item) => item.action === "failed")
    .map((item) => `failed  ${item.path}: ${item.error}\n`)
    .join("");
}

/** After the import: the totals. */
export function renderImportOutcome(report: CategoryImportReport, dryRun: boolean): string {
  const lines = [text.summary(report)];
  if (dryRun) lines.push(text.dryRun);
  return `${lines.join("\n")}\n`;
}

function applicant(r: VerificationReview): string {
  const who = `${r.user.name} <${r.user.email}>`;
  return r.shop ? `${r.shop.name} (${who})` : who;
}

/** `admin verifications`: one line per request, then the page. */
export function renderVerificationRequests(
  page: { items: readonly VerificationReview[]; count: number; page: number; hasNext: boolean },
  width: number,
): string {
  if (page.items.length === 0) return `${text.noRequests}\n`;
  const lines = renderTable(
    [
      { header: "ID", value: (r: VerificationReview) => String(r.id), align: "right" },
      { header: "KIND", value: (r: VerificationReview) => r.kind },
      { header: "STATUS", value: (r: VerificationReview) => r.status },
      { header: "APPLICANT", value: applicant, shrink: true, weight: 2, minWidth: 14 },
      { header: "SUBMITTED", value: (r: VerificationReview) => r.submittedAt.slice(0, 10) },
      { header: "REASON", value: (r: VerificationReview) => r.reason ?? "", shrink: true, minWidth: 8 },
    ],
    page.items,
    width,
  );
  lines.push("", text.requestsPage(page.page, pageCount(page.count, 20), page.count));
  if (page.hasNext) lines.push(text.nextPage(page.page + 1));
  return `${lines.join("\n")}\n`;
}

/** A request after approve / reject / revoke. */
export function renderDecision(decided: { message: string; request: VerificationReview }): string {
  const r = decided.request;
  const lines = [
    `${decided.message}: request ${r.id} is ${r.status}.`,
    r.shop
      ? `Shop: ${r.shop.name}, of ${r.user.name} <${r.user.email}>`
      : `User: ${r.user.name} <${r.user.email}>`,
  ];
  if (r.reason) lines.push(`Reason: ${r.reason}`);
  return `${lines.join("\n")}\n`;
}

/** An account after grant / revoke-admin. */
export function renderRoleChange(changed: { message: string; account: AdminRoleChange }): string {
  return `${changed.message}.\nAccount: ${changed.account.name} <${changed.account.email}>\n`;
}
