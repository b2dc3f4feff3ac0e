import { moderationCalls, parsePage, routeSchema } from "@katale/adapters-http/contract";
import { AUDIT_PAGE_SIZE, actionFits, moderationMessages, REPORT_PAGE_SIZE } from "@katale/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { currentUser, requireAdmin, requireUser } from "../auth/authenticate.js";
import { refusedInput } from "../engagement/input-refusal.js";
import { PRIVATE_NO_STORE } from "../http/cache-control.js";
import { sendError } from "../http/error-reply.js";
import type { FieldWording } from "../http/field-errors.js";
import { INVALID_PAGE } from "../http/not-found-messages.js";
import { pagedAnswer } from "../http/page-links.js";
import type { RouteDeps } from "../http/route-deps.js";
import { readAudit, writeAudit } from "./audit-log.js";
import { ModerationRepository } from "./moderation-repository.js";

// Trust and safety on the shop service: users report; admins list the reports, resolve them and
// restore what was hidden; every admin mutation writes one audit entry in its transaction. Hiding
// writes the `hidden` flags the read paths filter on (moderation-repository.ts); those are catalogue
// changes, so every instance's read cache hears of them from the database.

const TAG = "moderation";
const m = moderationMessages;
const REPORT_WORDING: FieldWording = { details: [m.detailsRequired, m.detailsTooLong] };
const NOTE_WORDING: FieldWording = { note: [m.noteTooLong, m.noteTooLong] };

/** Seconds until the next UTC midnight, when the day's reports count again from zero. */
function secondsToMidnight(now = new Date()): number {
  const next = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  return Math.max(1, Math.ceil((next - now.getTime()) / 1000));
}

export const moderationRoutes: FastifyPluginAsyncZod<RouteDeps> = async (
  app,
  { db, config, readCache, notifier },
) => {
  // The owner of what is hidden or shown again is told by e-mail, recorded in the change's transaction.
  const moderation = new ModerationRepository(db, (trx, event) => notifier.recordOwnerMail(trx, event));
  const user = { preHandler: requireUser(db), attachValidation: true };
  const admin = { preHandler: requireAdmin(db), attachValidation: true };

  app.post(
    `/${moderationCalls.report.path}`,
    { schema: routeSchema(moderationCalls.report, TAG), ...user },
    async (request, reply) => {
      if (await refusedInput(request, reply, REPORT_WORDING)) return reply;
      const { target, target_id: targetId, reason } = request.body;
      const details = request.body.details ?? "";
      if (reason === "other" && details === "")
        return sendError(reply, 400, "invalid_input", { details: [m.detailsRequired] });
      const outcome = await moderation.report(
        currentUser(request).id,
        { target, targetId, reason, details },
        config.autoHideReports,
      );
      if (!outcome.ok) {
        switch (outcome.why) {
          case "not_found":
            return sendError(reply, 404, "report_target_not_found", { detail: m.targetNotFound });
          case "not_participant":
            return sendError(reply, 403, "not_participant", { detail: m.notParticipant });
          case "own_target":
            return sendError(reply, 400, "own_target", { detail: m.cannotReportSelf });
          case "already_reported":
            return sendError(reply, 409, "already_reported", { detail: m.alreadyReported });
          case "too_many":
            reply.header("retry-after", String(secondsToMidnight()));
            return sendError(reply, 429, "too_many_reports", { detail: m.tooManyReports });
        }
      }
      if (outcome.autoHidden) readCache.clear();
      return reply.code(201).send({ data: { id: outcome.id } });
    },
  );

  app.get(
    `/${moderationCalls.listReports.path}`,
    { schema: routeSchema(moderationCalls.listReports, TAG), ...admin },
    async (request, reply) => {
      if (await refusedInput(request, reply)) return reply;
      const page = parsePage(request.query.page);
      if (page === null) return sendError(reply, 404, "invalid_page", { detail: INVALID_PAGE });
      const found = await moderation.list(
        request.query.status,
        request.query.target,
        REPORT_PAGE_SIZE,
        (page - 1) * REPORT_PAGE_SIZE,
      );
      const answer = pagedAnswer(request, config.publicUrl, page, REPORT_PAGE_SIZE, found);
      if (answer === null) return sendError(reply, 404, "invalid_page", { detail: INVALID_PAGE });
      reply.header("cache-control", PRIVATE_NO_STORE);
      return answer;
    },
  );

  app.post(
    `/${moderationCalls.resolveReport.path}`,
    { schema: routeSchema(moderationCalls.resolveReport, TAG), ...admin },
    async (request, reply) => {
      if (await refusedInput(request, reply, NOTE_WORDING)) return reply;
      const { id } = request.params;
      const { action, note } = request.body;
      const outcome = await db.transaction().execute(async (trx) => {
        const done = await moderation.resolve(trx, id, action, note, currentUser(request).id, actionFits);
        if (done.ok) {
          await writeAudit(trx, request, {
            action: `report.${action}`,
            target: done.targets.target,
            targetId: done.targets.targetId,
            before: { hold: done.before },
            after: { action, note, reports_resolved: done.resolved },
          });
        }
        return done;
      });
      if (!outcome.ok) {
        switch (outcome.why) {
          case "not_found":
            return sendError(reply, 404, "report_not_found", { detail: m.reportNotFound });
          case "resolved":
            return sendError(reply, 409, "report_resolved", { detail: m.reportResolved });
          case "action_not_for_target":
            return sendError(reply, 400, "action_not_for_target", {
              detail: m.actionNotForTarget(action, (await moderation.reportById(id))?.target ?? ""),
            });
        }
      }
      readCache.clear();
      reply.header("cache-control", PRIVATE_NO_STORE);
      return (await moderation.reportById(id))!;
    },
  );

  app.post(
    `/${moderationCalls.restore.path}`,
    { schema: routeSchema(moderationCalls.restore, TAG), ...admin },
    async (request, reply) => {
      if (await refusedInput(request, reply)) return reply;
      const { target, target_id: targetId } = request.body;
      const before = await db.transaction().execute(async (trx) => {
        const lifted = await moderation.restore(trx, target, targetId);
        if (lifted)
          await writeAudit(trx, request, {
            action: "moderation.restore",
            target,
            targetId,
            before: lifted,
            after: null,
          });
        return lifted;
      });
      if (!before) return sendError(reply, 404, "not_moderated", { detail: m.notHeld });
      readCache.clear();
      return { detail: m.restored };
    },
  );

  app.get(
    `/${moderationCalls.audit.path}`,
    { schema: routeSchema(moderationCalls.audit, TAG), ...admin },
    async (request, reply) => {
      if (await refusedInput(request, reply)) return reply;
      const page = parsePage(request.query.page);
      if (page === null) return sendError(reply, 404, "invalid_page", { detail: INVALID_PAGE });
      const [target, targetId] = request.query.target?.split(/:(.*)/s) ?? [];
      const found = await readAudit(db, {
        ...(request.query.actor !== undefined && { actorId: Number(request.query.actor) }),
        ...(target !== undefined && { target }),
        ...(targetId !== undefined && targetId !== "" && { targetId }),
        limit: AUDIT_PAGE_SIZE,
        offset: (page - 1) * AUDIT_PAGE_SIZE,
      });
      const answer = pagedAnswer(request, config.publicUrl, page, AUDIT_PAGE_SIZE, found);
      if (answer === null) return sendError(reply, 404, "invalid_page", { detail: INVALID_PAGE });
      reply.header("cache-control", PRIVATE_NO_STORE);
      return answer;
    },
  );
};
