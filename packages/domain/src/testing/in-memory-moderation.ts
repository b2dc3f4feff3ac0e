import { moderationMessages } from "../messages/moderation.js";
import type {
  AuditEntry,
  AuditQuery,
  ModerationGateway,
  ModerationReport,
  NewReport,
  ReportGateway,
  ReportQuery,
} from "../moderation/moderation-gateway.js";
import {
  AUDIT_PAGE_SIZE,
  actionFits,
  type ModerationAction,
  REPORT_DETAILS_MAX,
  REPORT_PAGE_SIZE,
  REPORTS_PER_DAY,
  type ReportTarget,
} from "../moderation/report.js";
import type { Page } from "../page.js";
import { err, ok, type Result } from "../result.js";
import { Failures } from "./failures.js";
import { paginate } from "./paginate.js";

type Account = {
  readonly token: string;
  readonly id: number;
  readonly name: string;
  readonly isAdmin: boolean;
};
type Target = {
  readonly title: string;
  readonly owners: readonly number[];
  readonly participants?: readonly number[];
};

/**
 * Reports and moderation in memory, by the service's rules: one open report per reporter and
 * target, none on what is one's own, REPORTS_PER_DAY a reporter (the fake has no clock: in all),
 * a message only by a person in its room; admins resolve every open report on a target at once,
 * restore what is held, and each of their mutations writes one audit entry. `users` and `targets`
 * (`product:12`) are what the test made.
 */
export class InMemoryModerationGateway implements ReportGateway, ModerationGateway {
  readonly failures = new Failures<keyof ReportGateway | keyof ModerationGateway>();
  readonly users: Account[] = [];
  readonly targets = new Map<string, Target>();
  /** Held targets (`product:12`) and how. */
  readonly holds = new Map<string, ModerationAction>();
  private readonly reports: (ModerationReport & { reporterToken: string })[] = [];
  private readonly entries: AuditEntry[] = [];

  async report(token: string, report: NewReport): Promise<Result<{ id: number }>> {
    return this.failures.answer("report", () => {
      const user = this.users.find((u) => u.token === token);
      if (!user) return err({ kind: "unauthorized" });
      const details = report.details ?? "";
      if ((report.reason === "other" && details === "") || details.length > REPORT_DETAILS_MAX)
        return err({ kind: "invalid", message: moderationMessages.detailsRequired });
      const key = `${report.target}:${report.targetId}`;
      const target = this.targets.get(key);
      if (!target)
        return err({
          kind: "not-found",
          message: moderationMessages.targetNotFound,
          code: "report_target_not_found",
        });
      if (target.participants && !target.participants.includes(user.id))
        return err({
          kind: "forbidden",
          message: moderationMessages.notParticipant,
          code: "not_participant",
        });
      if (target.owners.includes(user.id))
        return err({ kind: "invalid", message: moderationMessages.cannotReportSelf, code: "own_target" });
      const mine = this.reports.filter((r) => r.reporter.id === user.id);
      if (mine.length >= REPORTS_PER_DAY)
        return err({
          kind: "too-many-attempts",
          message: moderationMessages.tooManyReports,
          code: "too_many_reports",
        });
      if (mine.some((r) => r.status === "open" && `${r.target}:${r.targetId}` === key))
        return err({
          kind: "invalid",
          message: moderationMessages.alreadyReported,
          code: "already_reported",
        });
      const id = this.reports.length + 1;
      this.reports.push({
        id,
        target: report.target,
        targetId: report.targetId,
        preview: { title: target.title, url: null, imageUrl: null },
        reason: report.reason,
        details,
        reporter: { id: user.id, name: user.name },
        createdAt: new Date(0).toISOString(),
        status: "open",
        reportsOnTarget: 1,
        action: null,
        note: null,
        reporterToken: token,
      });
      return ok({ id });
    });
  }

  async listReports(token: string, query: ReportQuery = {}): Promise<Result<Page<ModerationReport>>> {
    return this.failures.answer("listReports", () => {
      const refused = this.refusedAdmin(token);
      if (refused) return refused;
      const status = query.status ?? "open";
      const chosen = this.reports
        .filter((r) => r.status === status && (query.target === undefined || r.target === query.target))
        .map((r) => this.shown(r));
      const sorted =
        status === "open"
          ? chosen.sort((a, b) => b.reportsOnTarget - a.reportsOnTarget || b.id - a.id)
          : chosen.reverse();
      return paginate(sorted, query.page ?? 1, REPORT_PAGE_SIZE);
    });
  }

  async resolve(
    token: string,
    reportId: number,
    action: ModerationAction,
    note: string,
  ): Promise<Result<ModerationReport>> {
    return this.failures.answer("resolve", () => {
      const refused = this.refusedAdmin(token);
      if (refused) return refused;
      const report = this.reports.find((r) => r.id === reportId);
      if (!report) return err({ kind: "not-found", message: moderationMessages.reportNotFound });
      if (report.status !== "open")
        return err({ kind: "invalid", message: moderationMessages.reportResolved });
      if (!actionFits(action, report.target))
        return err({
          kind: "invalid",
          message: moderationMessages.actionNotForTarget(action, report.target),
        });
      const key = `${report.target}:${report.targetId}`;
      const closing = this.reports.filter((r) => r.status === "open" && `${r.target}:${r.targetId}` === key);
      for (const r of closing) Object.assign(r, { status: "resolved", action, note });
      if (action === "dismiss") this.holds.delete(key);
      else this.holds.set(key, action);
      this.audited(token, `report.${action}`, report.target, report.targetId);
      return ok(this.shown(report));
    });
  }

  async restore(token: string, target: ReportTarget, targetId: number): Promise<Result<void>> {
    return this.failures.answer("restore", () => {
      const refused = this.refusedAdmin(token);
      if (refused) return refused;
      if (!this.holds.delete(`${target}:${targetId}`))
        return err({ kind: "not-found", message: moderationMessages.notHeld });
      this.audited(token, "moderation.restore", target, targetId);
      return ok(undefined);
    });
  }

  async audit(token: string, query: AuditQuery = {}): Promise<Result<Page<AuditEntry>>> {
    return this.failures.answer("audit", () => {
      const refused = this.refusedAdmin(token);
      if (refused) return refused;
      const chosen = this.entries
        .filter(
          (e) =>
            (query.actorId === undefined || e.actor.id === query.actorId) &&
            (query.target === undefined || e.target === query.target) &&
            (query.targetId === undefined || e.targetId === String(query.targetId)),
        )
        .reverse();
      return paginate(chosen, query.page ?? 1, AUDIT_PAGE_SIZE);
    });
  }

  private shown(report: ModerationReport & { reporterToken: string }): ModerationReport {
    const { reporterToken: _token, ...shown } = report;
    const same = this.reports.filter(
      (r) =>
        r.target === report.target &&
        r.targetId === report.targetId &&
        (report.status === "resolved" || r.status === "open"),
    );
    return { ...shown, reportsOnTarget: Math.max(1, same.length) };
  }

  private refusedAdmin(token: string): Result<never> | undefined {
    const user = this.users.find((u) => u.token === token);
    if (!user) return err({ kind: "unauthorized" });
    return user.isAdmin ? undefined : err({ kind: "forbidden" });
  }

  private audited(token: string, action: string, target: string, targetId: number): void {
    const actor = this.users.find((u) => u.token === token)!;
    this.entries.push({
      id: this.entries.length + 1,
      actor: { id: actor.id, name: actor.name },
      action,
      target,
      targetId: String(targetId),
      before: null,
      after: null,
      address: "127.0.0.1",
      createdAt: new Date(0).toISOString(),
    });
  }
}
