import type { Page } from "../page.js";
import type { Result } from "../result.js";
import type { ModerationAction, ReportReason, ReportTarget } from "./report.js";

// The ports of trust and safety: users report; admins read the reports, resolve them, restore what
// was hidden and read the audit log. Every call takes a token.

export interface NewReport {
  readonly target: ReportTarget;
  readonly targetId: number;
  readonly reason: ReportReason;
  /** Required for `other`; at most REPORT_DETAILS_MAX characters. */
  readonly details?: string;
}

/** Reporting: 'invalid' for a second open report, oneself or one's own shop; 'too-many-attempts' past the day's reports. */
export interface ReportGateway {
  report(token: string, report: NewReport): Promise<Result<{ readonly id: number }>>;
}

export interface ModerationReport {
  readonly id: number;
  readonly target: ReportTarget;
  readonly targetId: number;
  readonly preview: { readonly title: string; readonly url: string | null; readonly imageUrl: string | null };
  readonly reason: ReportReason;
  readonly details: string;
  readonly reporter: { readonly id: number; readonly name: string };
  readonly createdAt: string;
  readonly status: "open" | "resolved";
  /** Open reports on its target (all of them once resolved). */
  readonly reportsOnTarget: number;
  readonly action: ModerationAction | null;
  readonly note: string | null;
}

export interface ReportQuery {
  readonly status?: "open" | "resolved";
  readonly target?: ReportTarget;
  readonly page?: number;
}

export interface AuditEntry {
  readonly id: number;
  readonly actor: { readonly id: number; readonly name: string };
  readonly action: string;
  readonly target: string;
  readonly targetId: string;
  readonly before: unknown;
  readonly after: unknown;
  readonly address: string;
  readonly createdAt: string;
}

export interface AuditQuery {
  readonly actorId?: number;
  /** A kind (`product`), or with `targetId` one target. */
  readonly target?: string;
  readonly targetId?: string | number;
  readonly page?: number;
}

/** The admins' moderation (others are 'forbidden'). */
export interface ModerationGateway {
  listReports(token: string, query?: ReportQuery): Promise<Result<Page<ModerationReport>>>;
  /** Resolves every open report on the report's target; 'invalid' when resolved already or the action does not fit. */
  resolve(
    token: string,
    reportId: number,
    action: ModerationAction,
    note: string,
  ): Promise<Result<ModerationReport>>;
  /** Undoes a hide or suspension; 'not-found' when the target holds none. */
  restore(token: string, target: ReportTarget, targetId: number): Promise<Result<void>>;
  audit(token: string, query?: AuditQuery): Promise<Result<Page<AuditEntry>>>;
}
