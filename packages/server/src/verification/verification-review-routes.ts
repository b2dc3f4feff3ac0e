import {
  parsePage,
  REVIEW_PAGE_SIZE,
  routeSchema,
  type VerificationRequestStatus,
  verificationCalls,
} from "@katale/adapters-http/contract";
import { adminServerMessages, messages } from "@katale/domain";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { type Kysely, sql } from "kysely";
import { sendMail } from "../auth/auth-deps.js";
import { currentUser, requireAdmin } from "../auth/authenticate.js";
import type { Database } from "../db/schema.js";
import { refusedInput } from "../engagement/input-refusal.js";
import { PRIVATE_NO_STORE } from "../http/cache-control.js";
import { sendError } from "../http/error-reply.js";
import type { FieldWording } from "../http/field-errors.js";
import { INVALID_PAGE } from "../http/not-found-messages.js";
import { pagedAnswer } from "../http/page-links.js";
import type { RouteDeps } from "../http/route-deps.js";
import type { Mailer } from "../mail/mailer.js";
import { writeAudit } from "../moderation/audit-log.js";
import { type Decision, decisionMail } from "./review-mails.js";
import { ReviewRepository } from "./review-repository.js";

// The admins' review of verification requests (issue 10; the spec shows only static mocks), on the
// shop service: one list of users' and shops' requests, their private documents (served here to
// admins only, never under /media/), and the decisions. A decision moves the request and the
// applicant (the user's or the shop's verification_status) together:
//   approve: PENDING -> VERIFIED; reject {reason}: PENDING -> REJECTED; revoke {reason}: VERIFIED -> REJECTED.
// Any other move answers 409. Each decision is e-mailed to the applicant (a failed e-mail is logged;
// the decision stands). A rejected or revoked applicant may apply again.

const TAG = "verification";
const m = adminServerMessages;
const REASON_WORDING: FieldWording = { reason: [m.reasonRequired, m.reasonTooLong] };
type Db = Kysely<Database>;

export interface ReviewRouteDeps extends RouteDeps {
  mailer: Mailer;
}

const STATUS_OF: Record<string, VerificationRequestStatus | "all"> = {
  pending: "PENDING",
  verified: "VERIFIED",
  rejected: "REJECTED",
  all: "all",
};

const MOVES: Record<Decision, { from: VerificationRequestStatus; to: VerificationRequestStatus }> = {
  approve: { from: "PENDING", to: "VERIFIED" },
  reject: { from: "PENDING", to: "REJECTED" },
  revoke: { from: "VERIFIED", to: "REJECTED" },
};

/** What the applicant is told. */
const TOLD = { approve: "approved", reject: "rejected", revoke: "revoked" } as const;

/**
 * Moves one request and its applicant in one transaction; the request's row decides (a second admin
 * deciding at the same moment finds it moved). Answers what happened.
 */
async function decide(
  db: Db,
  id: number,
  decision: Decision,
  reason: string | null,
  /** Runs in the transaction with who applied (the notification's event). */
  onDecided: (trx: Db, applicant: { userId: number; shopId?: number }) => Promise<void>,
): Promise<"decided" | "not_found" | "wrong_state"> {
  const { from, to } = MOVES[decision];
  return db.transaction().execute(async (trx) => {
    const user = await trx
      .updateTable("user_verification_requests")
      .set({ status: to, reason, reviewed_at: sql`now()` })
      .where("id", "=", id)
      .where("status", "=", from)
      .returning("user_id")
      .executeTakeFirst();
    if (user) {
      await trx
        .updateTable("users")
        .set({ verification_status: to })
        .where("id", "=", user.user_id)
        .execute();
      await onDecided(trx, { userId: user.user_id });
      return "decided";
    }
    const shop = await trx
      .updateTable("shop_verification_requests")
      .set({ status: to, reason, reviewed_at: sql`now()` })
      .where("id", "=", id)
      .where("status", "=", from)
      .returning("shop_id")
      .executeTakeFirst();
    if (shop) {
      const owner = await trx
        .updateTable("shops")
        .set({ verification_status: to })
        .where("id", "=", shop.shop_id)
        .returning("owner_id")
        .executeTakeFirstOrThrow();
      await onDecided(trx, { userId: owner.owner_id, shopId: shop.shop_id });
      return "decided";
    }
    const exists = await sql`
      SELECT 1 FROM user_verification_requests WHERE id = ${id}
      UNION ALL SELECT 1 FROM shop_verification_requests WHERE id = ${id}`.execute(trx);
    return exists.rows.length > 0 ? "wrong_state" : "not_found";
  });
}

export const verificationReviewRoutes: FastifyPluginAsyncZod<ReviewRouteDeps> = async (
  app,
  { db, media, readCache, config, mailer, notifier },
) => {
  const requests = new ReviewRepository(db);
  const admin = { preHandler: requireAdmin(db), attachValidation: true };
  const requestNotFound = (reply: FastifyReply) =>
    sendError(reply, 404, "verification_request_not_found", { detail: m.requestNotFound });

  app.get(
    `/${verificationCalls.listRequests.path}`,
    { schema: routeSchema(verificationCalls.listRequests, TAG), ...admin },
    async (request, reply) => {
      if (await refusedInput(request, reply)) return reply;
      const query = request.query;
      const page = parsePage(query.page);
      if (page === null) return sendError(reply, 404, "invalid_page", { detail: INVALID_PAGE });
      const found = await requests.list({
        kind: query.kind,
        status: STATUS_OF[query.status] ?? "all",
        ...(query.search !== undefined && { search: query.search }),
        limit: REVIEW_PAGE_SIZE,
        offset: (page - 1) * REVIEW_PAGE_SIZE,
      });
      const answer = pagedAnswer(request, config.publicUrl, page, REVIEW_PAGE_SIZE, found);
      if (answer === null) return sendError(reply, 404, "invalid_page", { detail: INVALID_PAGE });
      reply.header("cache-control", PRIVATE_NO_STORE);
      return answer;
    },
  );

  app.get(
    `/${verificationCalls.getRequest.path}`,
    { schema: routeSchema(verificationCalls.getRequest, TAG), ...admin },
    async (request, reply) => {
      if (await refusedInput(request, reply)) return reply;
      const found = await requests.byId(request.params.id);
      if (!found) return requestNotFound(reply);
      reply.header("cache-control", PRIVATE_NO_STORE);
      return found;
    },
  );

  app.get(
    `/${verificationCalls.document.path}`,
    { schema: routeSchema(verificationCalls.document, TAG), ...admin },
    async (request, reply) => {
      if (await refusedInput(request, reply)) return reply;
      const { id, name } = request.params;
      const key = await requests.documentKey(id, name);
      const bytes = key ? await media.readPrivate(key) : null;
      if (!bytes) return sendError(reply, 404, "not_found", { detail: messages.api.notFound });
      return reply.header("cache-control", PRIVATE_NO_STORE).type("image/webp").send(bytes);
    },
  );

  /** Applies a decision and answers the request as it now is; e-mails the applicant. */
  async function applyDecision(
    request: FastifyRequest,
    reply: FastifyReply,
    id: number,
    decision: Decision,
    reason: string | null,
  ) {
    const adminId = currentUser(request).id;
    const outcome = await decide(db, id, decision, reason, async (trx, applicant) => {
      await notifier.record(trx, {
        kind: "verification_decided",
        actor_id: adminId,
        applicant_id: applicant.userId,
        ...(applicant.shopId === undefined ? {} : { shop_id: applicant.shopId }),
        status: TOLD[decision],
        ...(reason ? { reason } : {}),
      });
      const { from, to } = MOVES[decision];
      await writeAudit(trx, request, {
        action: `verification.${decision}`,
        target: "verification_request",
        targetId: id,
        before: { status: from },
        after: {
          status: to,
          reason,
          ...(applicant.shopId === undefined ? { user_id: applicant.userId } : { shop_id: applicant.shopId }),
        },
      });
    });
    if (outcome === "not_found") return requestNotFound(reply);
    if (outcome === "wrong_state")
      return sendError(reply, 409, "verification_decided", {
        detail: decision === "revoke" ? m.notVerified : m.notPending,
      });
    // The shop's tick shows in product and shop lists.
    readCache.clear();
    const decided = (await requests.byId(id))!;
    await sendMail(
      mailer,
      request,
      decisionMail(decided.user.email, decision, { shop: decided.shop?.name ?? null, reason }),
    );
    reply.header("cache-control", PRIVATE_NO_STORE);
    return decided;
  }

  app.post(
    `/${verificationCalls.approve.path}`,
    { schema: routeSchema(verificationCalls.approve, TAG), ...admin },
    async (request, reply) => {
      if (await refusedInput(request, reply)) return reply;
      return applyDecision(request, reply, request.params.id, "approve", null);
    },
  );

  app.post(
    `/${verificationCalls.reject.path}`,
    { schema: routeSchema(verificationCalls.reject, TAG), ...admin },
    async (request, reply) => {
      if (await refusedInput(request, reply, REASON_WORDING)) return reply;
      return applyDecision(request, reply, request.params.id, "reject", request.body.reason);
    },
  );

  app.post(
    `/${verificationCalls.revoke.path}`,
    { schema: routeSchema(verificationCalls.revoke, TAG), ...admin },
    async (request, reply) => {
      if (await refusedInput(request, reply, REASON_WORDING)) return reply;
      return applyDecision(request, reply, request.params.id, "revoke", request.body.reason);
    },
  );
};
