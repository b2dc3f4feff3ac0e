import {
  AUDIT_PAGE_SIZE,
  type AuditEntry,
  type AuditQuery,
  MODERATION_ACTIONS,
  MODERATION_NOTE_MAX,
  type ModerationAction,
  type ModerationReport,
  messages,
  moderationMessages,
  pageCount,
  REPORT_PAGE_SIZE,
  REPORT_REASONS,
  REPORT_TARGETS,
  type ReportReason,
  type ReportTarget,
  type Result,
  readAudit,
  reportRefusal,
  restoreTarget,
  sendReport,
  type WordedError,
} from "@katale/domain";
import { adminFailure } from "@katale/domain/admin";
import { type Command, Option } from "commander";
import { adminFailureOf } from "../admin/admin-run.js";
import { authCliMessages } from "../auth/auth-cli-messages.js";
import { CliFailure, EXIT_USAGE } from "../cli-failure.js";
import { cliMessages } from "../cli-messages.js";
import type { Invocation, Invoke } from "../invocation.js";
import { renderTable } from "../output/table.js";
import { moderationCliMessages as text } from "./moderation-cli-messages.js";
import type { ModerationCliServices } from "./moderation-services.js";

/** The moderation services of this run; a session is required before anything is sent. */
function moderationOf(run: Invocation): ModerationCliServices {
  const services = run.services.moderation;
  if (services === undefined)
    throw new CliFailure(cliMessages.unexpected("moderation services are not configured"));
  if (services.storage.get("token") === null) throw new CliFailure(authCliMessages.notLoggedIn);
  return services;
}

function positive(run: Invocation, what: string, value: string): number {
  if (!/^\d+$/.test(value.trim()) || Number(value) < 1) return run.usageError(text.badId(what, value));
  return Number(value);
}

function targetOf(run: Invocation, value: string): ReportTarget {
  if (!(REPORT_TARGETS as readonly string[]).includes(value)) return run.usageError(text.badTarget(value));
  return value as ReportTarget;
}

/** An admin call's value, or the command ends: someone who is not an admin hears that one is needed. */
function adminAnswer<T>(run: Invocation, result: Result<T, WordedError>, page?: number): T {
  if (result.ok) return result.value;
  if (result.error.kind === "invalid-page" && page !== undefined)
    throw new CliFailure(text.pastLastPage(page));
  // The service's refusals (resolved already, an action that does not fit, nothing to restore) are not usage errors.
  if (result.error.kind === "invalid" || result.error.kind === "not-found")
    throw new CliFailure(result.error.message);
  throw adminFailureOf(result.error, run.services.urls.shopUrl);
}

/**
 * A refused report in the domain's words, exit 1 (the service's refusals by their code: already
 * reported, one's own target, the day's reports sent, no such target, not in the chat); input
 * broken before anything was sent is a usage error.
 */
function reportFailure(run: Invocation, failure: WordedError): CliFailure {
  // Worded by the domain from the service's code (already reported, one's own, not in the chat...).
  if (reportRefusal(failure) !== undefined) return new CliFailure(failure.message);
  switch (failure.kind) {
    case "invalid-form":
      return new CliFailure(failure.message, EXIT_USAGE);
    case "invalid":
      return new CliFailure(failure.message);
    case "too-many-attempts":
      return new CliFailure(moderationMessages.tooManyReports);
    case "not-found":
      return new CliFailure(moderationMessages.targetNotFound);
    default:
      return adminFailureOf(failure, run.services.urls.shopUrl);
  }
}

/** `katale report TARGET ID --reason R [--details TEXT]`: any signed-in user. */
export function registerReportCommand(program: Command, invoke: Invoke): void {
  program
    .command("report")
    .description("report a product, shop, user, review or chat message to the moderators")
    .argument("<target>", `what: ${REPORT_TARGETS.join("|")}`)
    .argument("<id>", "its id")
    .requiredOption("--reason <reason>", `why: ${REPORT_REASONS.join("|")}`)
    .option("--details <text>", "what is wrong (required for other; at most 1,000 characters)")
    .action(
      async (target: string, id: string, options: { reason: string; details?: string }, command: Command) => {
        const run = invoke(command);
        const kind = targetOf(run, target);
        const targetId = positive(run, "ID", id);
        if (!(REPORT_REASONS as readonly string[]).includes(options.reason))
          return run.usageError(text.badReason(options.reason));
        const services = moderationOf(run);
        const sent = await sendReport(services, {
          target: kind,
          targetId,
          reason: options.reason as ReportReason,
          ...(options.details !== undefined && { details: options.details }),
        });
        if (!sent.ok) throw reportFailure(run, sent.error);
        run.show(
          sent.value,
          (s) => `${text.reportSent(s.message, s.id)}\n`,
          (s) => ({ id: s.id, message: s.message }),
        );
      },
    );
}

function reportJson(r: ModerationReport) {
  return {
    id: r.id,
    target: r.target,
    target_id: r.targetId,
    target_preview: { title: r.preview.title, url: r.preview.url, image_url: r.preview.imageUrl },
    reason: r.reason,
    details: r.details,
    reporter: r.reporter,
    created_at: r.createdAt,
    status: r.status,
    reports_on_target: r.reportsOnTarget,
    action: r.action,
    note: r.note,
  };
}

function auditJson(e: AuditEntry) {
  return {
    id: e.id,
    actor: e.actor,
    action: e.action,
    target: e.target,
    target_id: e.targetId,
    before: e.before,
    after: e.after,
    address: e.address,
    created_at: e.createdAt,
  };
}

const when = (iso: string) => iso.slice(0, 16).replace("T", " ");

interface Listed<T> {
  items: readonly T[];
  count: number;
  page: number;
  hasNext: boolean;
}

function pageLines<T>(page: Listed<T>, size: number): string[] {
  const lines = ["", text.page(page.page, pageCount(page.count, size), page.count)];
  if (page.hasNext) lines.push(text.nextPage(page.page + 1));
  return lines;
}

export function renderReports(page: Listed<ModerationReport>, width: number): string {
  if (page.items.length === 0) return `${text.noReports}\n`;
  const lines = renderTable(
    [
      { header: "ID", value: (r: ModerationReport) => String(r.id), align: "right" },
      { header: "TARGET", value: (r: ModerationReport) => `${r.target} ${r.targetId}` },
      {
        header: "TITLE",
        value: (r: ModerationReport) => r.preview.title,
        shrink: true,
        weight: 2,
        minWidth: 10,
      },
      { header: "REASON", value: (r: ModerationReport) => r.reason },
      { header: "REPORTS", value: (r: ModerationReport) => String(r.reportsOnTarget), align: "right" },
      { header: "REPORTER", value: (r: ModerationReport) => r.reporter.name, shrink: true, minWidth: 8 },
      { header: "WHEN", value: (r: ModerationReport) => when(r.createdAt) },
    ],
    page.items,
    width,
  );
  return `${[...lines, ...pageLines(page, REPORT_PAGE_SIZE)].join("\n")}\n`;
}

export function renderAudit(page: Listed<AuditEntry>, width: number): string {
  if (page.items.length === 0) return `${text.noAudit}\n`;
  const lines = renderTable(
    [
      { header: "ID", value: (e: AuditEntry) => String(e.id), align: "right" },
      { header: "WHEN", value: (e: AuditEntry) => when(e.createdAt) },
      {
        header: "ACTOR",
        value: (e: AuditEntry) => `${e.actor.name} (${e.actor.id})`,
        shrink: true,
        minWidth: 8,
      },
      { header: "ACTION", value: (e: AuditEntry) => e.action },
      { header: "TARGET", value: (e: AuditEntry) => `${e.target}:${e.targetId}`, shrink: true, minWidth: 8 },
      { header: "ADDRESS", value: (e: AuditEntry) => e.address, shrink: true, minWidth: 7 },
    ],
    page.items,
    width,
  );
  return `${[...lines, ...pageLines(page, AUDIT_PAGE_SIZE)].join("\n")}\n`;
}

/** `katale admin reports|resolve|restore|audit`: the moderation queue and the audit log (admins). */
export function registerModerationAdminCommands(admin: Command, invoke: Invoke): void {
  admin
    .command("reports")
    .description("list the reports, open ones grouped by target with the most-reported first, 20 a page")
    .addOption(new Option("--status <status>", "which reports").choices(["open", "resolved"]).default("open"))
    .addOption(
      new Option("--target <kind>", "only reports on this kind of target").choices([...REPORT_TARGETS]),
    )
    .option("--page <n>", "the page", "1")
    .action(
      async (
        options: { status: "open" | "resolved"; target?: ReportTarget; page: string },
        command: Command,
      ) => {
        const run = invoke(command);
        const page = positive(run, "--page", options.page);
        const services = moderationOf(run);
        const token = services.storage.get("token")!;
        const listed = await services.moderation.listReports(token, {
          status: options.status,
          ...(options.target && { target: options.target }),
          page,
        });
        const value = adminAnswer(
          run,
          listed.ok
            ? listed
            : { ok: false, error: adminFailure(listed.error, messages.common.checkConnection) },
          page,
        );
        run.show(value, renderReports, (p) => ({
          count: p.count,
          page: p.page,
          has_next: p.hasNext,
          results: p.items.map(reportJson),
        }));
      },
    );

  admin
    .command("resolve")
    .description("resolve every open report on a report's target: dismiss, hide or suspend, with a note")
    .argument("<id>", "the report's id (see admin reports)")
    .addOption(
      new Option("--action <action>", "what to do").choices([...MODERATION_ACTIONS]).makeOptionMandatory(),
    )
    .requiredOption("--note <text>", "why (the owner of a hidden target sees it)")
    .action(async (id: string, options: { action: ModerationAction; note: string }, command: Command) => {
      const run = invoke(command);
      const reportId = positive(run, "ID", id);
      const note = options.note.trim();
      if (note.length > MODERATION_NOTE_MAX) return run.usageError(moderationMessages.noteTooLong);
      const services = moderationOf(run);
      const token = services.storage.get("token")!;
      const answer = await services.moderation.resolve(token, reportId, options.action, note);
      const report = adminAnswer(
        run,
        answer.ok
          ? answer
          : { ok: false, error: adminFailure(answer.error, messages.common.checkConnection) },
      );
      run.show(
        report,
        (r) =>
          `${text.resolved(r.id, r.action ?? options.action, r.target, r.targetId, r.reportsOnTarget)}\n`,
        reportJson,
      );
    });

  admin
    .command("restore")
    .description("undo a hide or a suspension")
    .argument("<target>", `what: ${REPORT_TARGETS.join("|")}`)
    .argument("<id>", "its id")
    .action(async (target: string, id: string, _options: object, command: Command) => {
      const run = invoke(command);
      const kind = targetOf(run, target);
      const targetId = positive(run, "ID", id);
      adminAnswer(run, await restoreTarget(moderationOf(run), kind, targetId));
      const done = { message: moderationMessages.restored, target: kind, target_id: targetId };
      run.show(done, (d) => `${text.restored(d.message, d.target, d.target_id)}\n`);
    });

  admin
    .command("audit")
    .description("read the audit log of what admins did, newest first, 50 a page")
    .option("--actor <id>", "only this admin's entries (a user id)")
    .option("--target <kind|kind:id>", "only entries on this kind of target, or on one target")
    .option("--page <n>", "the page", "1")
    .action(async (options: { actor?: string; target?: string; page: string }, command: Command) => {
      const run = invoke(command);
      const page = positive(run, "--page", options.page);
      const query: { -readonly [K in keyof AuditQuery]: AuditQuery[K] } = { page };
      if (options.actor !== undefined) query.actorId = positive(run, "--actor", options.actor);
      if (options.target !== undefined) {
        const match = /^([a-z_.]+)(?::(.+))?$/.exec(options.target.trim());
        if (!match) return run.usageError(text.badAuditTarget(options.target));
        query.target = match[1]!;
        if (match[2] !== undefined) query.targetId = match[2];
      }
      const value = adminAnswer(run, await readAudit(moderationOf(run), query), page);
      run.show(value, renderAudit, (p) => ({
        count: p.count,
        page: p.page,
        has_next: p.hasNext,
        results: p.items.map(auditJson),
      }));
    });
}
