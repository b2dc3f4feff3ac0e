import { REPORT_REASONS, REPORT_TARGETS } from "@katale/domain";

// Texts only the terminal's report and moderation commands say; the outcomes come from the domain's messages.

export const moderationCliMessages = {
  badTarget: (value: string) => `TARGET must be one of ${REPORT_TARGETS.join(", ")} (got "${value}").`,
  badReason: (value: string) => `--reason must be one of ${REPORT_REASONS.join(", ")} (got "${value}").`,
  badId: (what: string, value: string) => `${what} must be a positive whole number (got "${value}").`,
  badAuditTarget: (value: string) =>
    `--target must be a kind (${REPORT_TARGETS.join(", ")}, …) or KIND:ID (got "${value}").`,
  reportSent: (message: string, id: number) => `${message} (report ${id}).`,
  noReports: "No reports.",
  noAudit: "No audit entries.",
  page: (page: number, pages: number, count: number) => `Page ${page} of ${pages} (${count} in all).`,
  nextPage: (next: number) => `More: --page ${next}`,
  pastLastPage: (page: number) => `Nothing more: page ${page} is past the last page.`,
  resolved: (id: number, action: string, target: string, targetId: number, n: number) =>
    `Report ${id} resolved (${action}): ${target} ${targetId}, ${n} ${n === 1 ? "report" : "reports"} on it.`,
  restored: (message: string, target: string, id: number) => `${message}: ${target} ${id}.`,
  // The terminal app's moderation screen.
  queueHint: (shown: string) => `${shown} reports · s others · d dismiss · h hide · u suspend · r restore`,
  reportsCount: (count: number) => `${count} ${count === 1 ? "report" : "reports"}`,
  targetHeading: (target: string, id: number, title: string, n: number) =>
    `${target} ${id} · ${title} · ${n} ${n === 1 ? "report" : "reports"}`,
  notePrompt: (action: string, target: string, id: number) =>
    `Note for ${action} on ${target} ${id} (Enter sends): `,
  notOpen: "This report is resolved already: r restores what it hid or suspended.",
  nothingToRestore: "Nothing to restore: the report was dismissed or is still open.",
  actionDoesNotFit: (action: string, target: string) => `A ${target} cannot be given '${action}'.`,
  detailTarget: (target: string, id: number) => `Target: ${target} ${id}`,
  detailLink: (url: string) => `Link: ${url}`,
  detailPicture: (url: string) => `Picture: ${url}`,
  detailReason: (reason: string) => `Reason: ${reason}`,
  detailDetails: (details: string) => `Details: ${details}`,
  detailReporter: (name: string, id: number, when: string) => `Reported by ${name} (user ${id}) on ${when}`,
  detailStatus: (status: string) => `Status: ${status}`,
  reportTitle: (id: number) => `Report ${id}`,
} as const;
