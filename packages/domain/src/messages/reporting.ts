import type { ReportReason, ReportTarget } from "../moderation/report.js";

// The web's words for reporting and moderating, apart from `messages` so that only the screens that
// show them load them.

export const reportingMessages = {
  report: "Report",
  reportTitle: (target: ReportTarget) => `Report this ${target}`,
  reasonLegend: "What is wrong?",
  reasons: {
    scam: "Scam or fraud",
    prohibited: "Prohibited item",
    counterfeit: "Counterfeit",
    wrong_category: "Wrong category",
    offensive: "Offensive",
    spam: "Spam",
    other: "Something else",
  } satisfies Record<ReportReason, string>,
  details: "Details",
  detailsOptional: "Details (optional)",
  send: "Send report",
  sending: "Sending…",
  done: "Done",
} as const;
