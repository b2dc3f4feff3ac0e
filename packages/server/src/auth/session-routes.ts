import { authCalls, routeSchema } from "@katale/adapters-http/contract";
import { messages, moderationMessages } from "@katale/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { clientKey } from "../http/client-address.js";
import { sendError } from "../http/error-reply.js";
import { accountKey, refusal } from "./attempts.js";
import { AUTH_TAG, type AuthDeps } from "./auth-deps.js";
import { createToken, currentUser, requireUser, revokeToken } from "./authenticate.js";
import { toUserWire } from "./user-repository.js";

// Sessions (spec §2 Login): log in with the e-mail or phone, who am I, log out.

const INVALID_CREDENTIALS = refusal(401, "invalid_credentials", {
  detail: messages.authServer.invalidCredentials,
});

export const sessionRoutes: FastifyPluginAsyncZod<AuthDeps> = async (app, { db, users, attempts }) => {
  const signedIn = { preHandler: requireUser(db) };

  app.post(
    `/${authCalls.login.path}`,
    { schema: routeSchema(authCalls.login, AUTH_TAG) },
    async (request, reply) => {
      const { username, password } = request.body;
      const user = await users.byUsername(username);
      const passed = await attempts.password(reply, {
        address: clientKey(request),
        login: true,
        account: accountKey(user, username),
        user,
        password,
        wrong: INVALID_CREDENTIALS,
      });
      if (!passed || !user) return reply;
      // Only the right password learns that the e-mail is not verified yet.
      if (!user.email_verified) {
        return sendError(reply, 403, "not_verified", { error: messages.authServer.userNotVerified });
      }
      // Moderators suspended the account: its sessions ended and no new one starts until restored.
      if (user.suspended) {
        return sendError(reply, 403, "account_suspended", { error: moderationMessages.accountSuspended });
      }
      return { key: await createToken(db, user.id), user: toUserWire(user) };
    },
  );

  app.get(
    `/${authCalls.me.path}`,
    { schema: routeSchema(authCalls.me, AUTH_TAG), ...signedIn },
    async (request, reply) => {
      const user = await users.byId(currentUser(request).id);
      if (!user) return sendError(reply, 401, "invalid_token", { detail: messages.authServer.invalidToken });
      reply.header("cache-control", "no-store");
      return { user: toUserWire(user), is_admin: user.role === "admin" };
    },
  );

  app.post(
    `/${authCalls.logout.path}`,
    { schema: routeSchema(authCalls.logout, AUTH_TAG), ...signedIn },
    async (request) => {
      await revokeToken(db, currentUser(request).tokenId);
      return { detail: messages.auth.loggedOut };
    },
  );
};
