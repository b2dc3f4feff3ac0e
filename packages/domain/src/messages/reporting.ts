import type { ReportReason, ReportTarget } from "../moderation/report.js";

// The web's words for reporting and moderating, apart from `messages` so that only the screens that
// show them load them.

export const reportingMessages = {
  report: "Report",
  reportReview: (name: string) => `Report the review by ${name}`,
  reportMessage: (name: string, time: string) => `Report the message from ${name} at ${time}`,
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
  moderation: "Moderation",
  moderationTabs: "Reports",
  tabOpen: "Open",
  tabResolved: "Resolved",
  noOpenReports: "No open reports",
  noResolvedReports: "No resolved reports",
  reportedBy: (name: string) => `Reported by ${name}`,
  reportsOnTarget: (count: number) => (count === 1 ? "1 report on it" : `${count} reports on it`),
  targetKind: (target: ReportTarget) => target.charAt(0).toUpperCase() + target.slice(1),
  note: "Note (shown to the owner)",
  actions: { dismiss: "Dismiss", hide: "Hide", suspend: "Suspend" },
  resolvedAs: (action: string, note: string | null) =>
    note ? `Resolved: ${action}. Note: ${note}` : `Resolved: ${action}`,
  restore: "Restore",
  previous: "Previous",
  next: "Next",
} as const;
