import { authCalls, routeSchema } from "@katale/adapters-http/contract";
import { messages, passwordProblem } from "@katale/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { clientKey } from "../http/client-address.js";
import { sendError } from "../http/error-reply.js";
import { refusedByLimits } from "../http/rate-limits.js";
import { accountKey, refusal } from "./attempts.js";
import { AUTH_TAG, type AuthDeps, deliverCode, tooManyCodesToday } from "./auth-deps.js";
import { resetCodeMail } from "./auth-emails.js";
import { checkCode, issueCode } from "./one-time-codes.js";
import { hashPassword } from "./password-hashing.js";
import { issueResetKey, resetPassword, userOfResetKey } from "./reset-keys.js";

// Password reset (spec §2 Forgot password): a code by e-mail, the code for a reset key, the key for
// a new password. A stranger who knows the e-mail cannot block it: asking again sends the live code
// again, and wrong codes are counted per account and client address (one-time-codes.ts, attempts.ts).

const NO_SUCH_USER = { detail: messages.reset.userDoesNotExist };

export const passwordResetRoutes: FastifyPluginAsyncZod<AuthDeps> = async (app, deps) => {
  const { db, config, users, limits, attempts, mailer } = deps;

  app.post(
    `/${authCalls.resetPassword.path}`,
    { schema: routeSchema(authCalls.resetPassword, AUTH_TAG) },
    async (request, reply) => {
      const address = clientKey(request);
      if (await refusedByLimits(reply, limits, [["codeSendsPerAddress", address, "hit"]])) return reply;
      const user = await users.byUsername(request.body.username);
      if (!user) return sendError(reply, 404, "user_not_found", NO_SUCH_USER);
      if (await refusedByLimits(reply, limits, [["codeSendsPerPair", `user:${user.id}@${address}`, "hit"]]))
        return reply;
      // The live code again if there is one: a stranger's request does not replace the owner's code.
      const code = await issueCode(db, user.id, "reset", address);
      if (code === null) return tooManyCodesToday(reply);
      const mail = resetCodeMail(user.email, code, config.publicUrl);
      if (!(await deliverCode(mailer, request, reply, mail))) return reply;
      return { detail: messages.reset.codeSent };
    },
  );

  app.post(
    `/${authCalls.verifyResetPassword.path}`,
    { schema: routeSchema(authCalls.verifyResetPassword, AUTH_TAG) },
    async (request, reply) => {
      const { username, otp } = request.body;
      const user = await users.byUsername(username);
      const address = clientKey(request);
      const passed = await attempts.code(reply, {
        address,
        account: accountKey(user, username),
        check: async () =>
          user ? checkCode(db, user.id, "reset", otp, address) : refusal(404, "user_not_found", NO_SUCH_USER),
      });
      if (!passed || !user) return reply;
      return { key: await issueResetKey(db, user.id), detail: messages.reset.codeVerified };
    },
  );

  app.post(
    `/${authCalls.resetPasswordComplete.path}`,
    { schema: routeSchema(authCalls.resetPasswordComplete, AUTH_TAG) },
    async (request, reply) => {
      const { key, new_password } = request.body;
      const owner = await userOfResetKey(db, key).then((id) => (id === null ? undefined : users.byId(id)));
      const weak = passwordProblem(new_password, { email: owner?.email, phone: owner?.phone });
      if (weak) return sendError(reply, 400, "invalid_input", { detail: weak });
      const passwordHash = await hashPassword(new_password);
      const userId = await resetPassword(db, key, passwordHash);
      if (userId === null) {
        return sendError(reply, 400, "reset_key_invalid", { detail: messages.authServer.resetKeyInvalid });
      }
      await limits.clear("passwordFailuresPerAccount", `user:${userId}`);
      return { detail: messages.reset.done };
    },
  );
};
