import { authCalls, routeSchema } from "@katale/adapters-http/contract";
import { adminServerMessages, messages, sellerServerMessages } from "@katale/domain";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Role } from "../db/schema.js";
import { refusedInput } from "../engagement/input-refusal.js";
import { sendError } from "../http/error-reply.js";
import type { FieldWording } from "../http/field-errors.js";
import { writeAudit } from "../moderation/audit-log.js";
import { AUTH_TAG, type AuthDeps } from "./auth-deps.js";
import { currentUser, requireAdmin } from "./authenticate.js";
import { type UserRecord, UserRepository } from "./user-repository.js";

// The admin role (issue 10): admins are the account of KATALE_ADMIN_EMAIL, the development admin
// (admin-bootstrap.ts) and whoever an admin grants the role to. `POST users/admin/ {email}` grants it,
// `DELETE users/admin/ {email}` takes it; admins only, and an admin cannot take their own (so there
// is always one left who can grant it back). The role is read from the database on every request,
// so a change holds at once for every session of the account, on both services.

const m = adminServerMessages;
const WORDING: FieldWording = { email: [m.emailRequired, sellerServerMessages.emailInvalid] };

const answer = (detail: string, user: UserRecord, isAdmin: boolean) => ({
  detail,
  user: { id: user.id, email: user.email, name: user.name, is_admin: isAdmin },
});

export const adminRoleRoutes: FastifyPluginAsyncZod<AuthDeps> = async (app, { db, users }) => {
  const admin = { preHandler: requireAdmin(db), attachValidation: true };
  const userNotFound = { detail: messages.api.userNotFound };

  /** Sets the role and writes the audit entry in one transaction. */
  const setRoleAudited = (request: FastifyRequest, user: UserRecord, role: Role) =>
    db.transaction().execute(async (trx) => {
      await new UserRepository(trx).setRole(user.id, role);
      await writeAudit(trx, request, {
        action: role === "admin" ? "admin.grant" : "admin.revoke",
        target: "user",
        targetId: user.id,
        before: { role: user.role },
        after: { role },
      });
    });

  app.post(
    `/${authCalls.grantAdmin.path}`,
    { schema: routeSchema(authCalls.grantAdmin, AUTH_TAG), ...admin },
    async (request, reply) => {
      if (await refusedInput(request, reply, WORDING)) return reply;
      const user = await users.byUsername(request.body.email);
      if (!user) return sendError(reply, 404, "user_not_found", userNotFound);
      if (user.role !== "admin") await setRoleAudited(request, user, "admin");
      return answer(m.adminGranted, user, true);
    },
  );

  app.delete(
    `/${authCalls.revokeAdmin.path}`,
    { schema: routeSchema(authCalls.revokeAdmin, AUTH_TAG), ...admin },
    async (request, reply) => {
      if (await refusedInput(request, reply, WORDING)) return reply;
      const user = await users.byUsername(request.body.email);
      if (!user) return sendError(reply, 404, "user_not_found", userNotFound);
      if (user.id === currentUser(request).id)
        return sendError(reply, 409, "own_admin_role", { detail: m.ownAdminRole });
      if (user.role !== "user") await setRoleAudited(request, user, "user");
      return answer(m.adminRevoked, user, false);
    },
  );
};
