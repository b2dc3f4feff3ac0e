import {
  type AuditEntry,
  type AuditQuery,
  type ModerationAction,
  type ModerationGateway,
  type ModerationReport,
  mapResult,
  type NewReport,
  type Page,
  type ReportGateway,
  type ReportQuery,
  type ReportTarget,
  type Result,
} from "@katale/domain";
import { type AuditEntryWire, moderationCalls, type ReportWire } from "../contract/moderation.js";
import type { HttpGatewaysOptions } from "../http/create-http-gateways.js";
import { HttpClient } from "../http/http-client.js";
import { toPage } from "../http/page-mapping.js";

// Trust and safety over HTTP: `reports/`, `reports/{id}/resolve/`, `moderation/restore/` and
// `admin/audit/` of the shop service.

export function toModerationReport(wire: ReportWire): ModerationReport {
  return {
    id: wire.id,
    target: wire.target,
    targetId: wire.target_id,
    preview: {
      title: wire.target_preview.title,
      url: wire.target_preview.url,
      imageUrl: wire.target_preview.image_url,
    },
    reason: wire.reason,
    details: wire.details,
    reporter: wire.reporter,
    createdAt: wire.created_at,
    status: wire.status,
    reportsOnTarget: wire.reports_on_target,
    action: wire.action,
    note: wire.note,
  };
}

export function toAuditEntry(wire: AuditEntryWire): AuditEntry {
  return {
    id: wire.id,
    actor: wire.actor,
    action: wire.action,
    target: wire.target,
    targetId: wire.target_id,
    before: wire.before ?? null,
    after: wire.after ?? null,
    address: wire.address,
    createdAt: wire.created_at,
  };
}

export class ModerationHttpGateway implements ReportGateway, ModerationGateway {
  constructor(private readonly http: HttpClient) {}

  async report(token: string, report: NewReport): Promise<Result<{ id: number }>> {
    const body = {
      target: report.target,
      target_id: report.targetId,
      reason: report.reason,
      ...(report.details !== undefined && { details: report.details }),
    };
    return mapResult(await this.http.call(moderationCalls.report, { token, body }), (answer) => ({
      id: answer.data.id,
    }));
  }

  async listReports(token: string, query: ReportQuery = {}): Promise<Result<Page<ModerationReport>>> {
    const page = query.page ?? 1;
    const answer = await this.http.call(moderationCalls.listReports, {
      token,
      query: { status: query.status, target: query.target, page: page === 1 ? undefined : String(page) },
    });
    return mapResult(answer, (body) => toPage(body, page, toModerationReport));
  }

  async resolve(
    token: string,
    reportId: number,
    action: ModerationAction,
    note: string,
  ): Promise<Result<ModerationReport>> {
    const answer = await this.http.call(moderationCalls.resolveReport, {
      token,
      params: { id: reportId },
      body: { action, note },
    });
    return mapResult(answer, toModerationReport);
  }

  async restore(token: string, target: ReportTarget, targetId: number): Promise<Result<void>> {
    const answer = await this.http.call(moderationCalls.restore, {
      token,
      body: { target, target_id: targetId },
    });
    return mapResult(answer, () => undefined);
  }

  async audit(token: string, query: AuditQuery = {}): Promise<Result<Page<AuditEntry>>> {
    const page = query.page ?? 1;
    const target =
      query.target === undefined
        ? undefined
        : query.targetId === undefined
          ? query.target
          : `${query.target}:${query.targetId}`;
    const answer = await this.http.call(moderationCalls.audit, {
      token,
      query: {
        actor: query.actorId === undefined ? undefined : String(query.actorId),
        target,
        page: page === 1 ? undefined : String(page),
      },
    });
    return mapResult(answer, (body) => toPage(body, page, toAuditEntry));
  }
}

/**
 * The reporting and moderation gateways, apart from `createHttpGateways` so that a web app loads
 * them (and their contract) only where they are used.
 */
export function createModerationHttpGateways(options: HttpGatewaysOptions): {
  reports: ReportGateway;
  moderation: ModerationGateway;
} {
  const gateway = new ModerationHttpGateway(
    new HttpClient({ authUrl: options.authUrl, shopUrl: options.shopUrl }, options.fetch),
  );
  return { reports: gateway, moderation: gateway };
}
