import { adminFailure } from "../admin/admin-steps.js";
import { authFailure } from "../auth/auth-failure.js";
import { signedInToken } from "../engagement/signed-in.js";
import { moderationMessages } from "../messages/moderation.js";
import { messages } from "../messages.js";
import type { Page } from "../page.js";
import { err, ok, type Result, type WordedError } from "../result.js";
import { SERVICE_CODES } from "../service-codes.js";
import type { KeyValueStorage } from "../session/key-value-storage.js";
import type {
  AuditEntry,
  AuditQuery,
  ModerationGateway,
  ModerationReport,
  NewReport,
  ReportGateway,
  ReportQuery,
} from "./moderation-gateway.js";
import { actionFits, MODERATION_NOTE_MAX, type ModerationAction, REPORT_DETAILS_MAX } from "./report.js";

// The steps of trust and safety for the web and the CLI: the stored token, a first check of the
// input (nothing is sent without details for `other`, or with an action that does not fit the
// target), the port, and the failure in words.

type Outcome<T> = Result<T, WordedError>;

const refused = (message: string, field?: string): Outcome<never> =>
  err({ kind: "invalid-form", message, ...(field && { fields: { [field]: message } }) });

/**
 * The words of a refused report, by the service's code: its kinds are too coarse (a duplicate and
 * one's own target are both refused input; not in the chat is a refusal like an admin's).
 */
const REPORT_REFUSALS: ReadonlyMap<string, string> = new Map([
  [SERVICE_CODES.alreadyReported, moderationMessages.alreadyReported],
  [SERVICE_CODES.ownTarget, moderationMessages.cannotReportSelf],
  [SERVICE_CODES.tooManyReports, moderationMessages.tooManyReports],
  [SERVICE_CODES.notParticipant, moderationMessages.notParticipant],
  [SERVICE_CODES.reportTargetNotFound, moderationMessages.targetNotFound],
]);

/** The words of a report the service refused for a reason of its own (by its code), if it did. */
export function reportRefusal(error: { readonly code?: string }): string | undefined {
  return error.code === undefined ? undefined : REPORT_REFUSALS.get(error.code);
}

/** Reports something: 'Thanks, our team will look at it' and the report's id. */
export async function sendReport(
  ports: { readonly reports: ReportGateway; readonly storage: KeyValueStorage },
  report: NewReport,
): Promise<Outcome<{ id: number; message: string }>> {
  const details = report.details?.trim() ?? "";
  if (report.reason === "other" && details === "")
    return refused(moderationMessages.detailsRequired, "details");
  if (details.length > REPORT_DETAILS_MAX) return refused(moderationMessages.detailsTooLong, "details");
  const token = signedInToken(ports.storage);
  if (!token.ok) return token;
  const sent = await ports.reports.report(token.value, { ...report, ...(details && { details }) });
  if (!sent.ok) {
    const words = reportRefusal(sent.error);
    if (words !== undefined) return err({ ...authFailure(sent.error, { otherwise: words }), message: words });
    return err(authFailure(sent.error, { otherwise: messages.common.checkConnection }));
  }
  return ok({ id: sent.value.id, message: moderationMessages.reported });
}

type AdminPorts = { readonly moderation: ModerationGateway; readonly storage: KeyValueStorage };

async function asAdmin<T>(
  ports: AdminPorts,
  call: (token: string) => Promise<Result<T>>,
): Promise<Outcome<T>> {
  const token = signedInToken(ports.storage);
  if (!token.ok) return token;
  const answer = await call(token.value);
  return answer.ok ? answer : err(adminFailure(answer.error, messages.common.checkConnection));
}

export function listReports(
  ports: AdminPorts,
  query: ReportQuery = {},
): Promise<Outcome<Page<ModerationReport>>> {
  return asAdmin(ports, (token) => ports.moderation.listReports(token, query));
}

/** Dismiss, hide or suspend: the action must fit the report's target; the note is kept short. */
export async function resolveReport(
  ports: AdminPorts,
  report: Pick<ModerationReport, "id" | "target">,
  action: ModerationAction,
  note = "",
): Promise<Outcome<ModerationReport>> {
  if (!actionFits(action, report.target))
    return refused(moderationMessages.actionNotForTarget(action, report.target));
  if (note.trim().length > MODERATION_NOTE_MAX) return refused(moderationMessages.noteTooLong, "note");
  return asAdmin(ports, (token) => ports.moderation.resolve(token, report.id, action, note.trim()));
}

export function restoreTarget(
  ports: AdminPorts,
  target: ModerationReport["target"],
  targetId: number,
): Promise<Outcome<void>> {
  return asAdmin(ports, (token) => ports.moderation.restore(token, target, targetId));
}

export function readAudit(ports: AdminPorts, query: AuditQuery = {}): Promise<Outcome<Page<AuditEntry>>> {
  return asAdmin(ports, (token) => ports.moderation.audit(token, query));
}
