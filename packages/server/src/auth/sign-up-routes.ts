import { authCalls, routeSchema } from "@katale/adapters-http/contract";
import { messages, passwordProblem } from "@katale/domain";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { clientKey } from "../http/client-address.js";
import { sendError } from "../http/error-reply.js";
import { type FieldWording, fieldErrors } from "../http/field-errors.js";
import { refusedByLimits } from "../http/rate-limits.js";
import { accountKey, NO_SUCH_CODE } from "./attempts.js";
import { AUTH_TAG, type AuthDeps, deliverCode, sendMail, tooManyCodesToday } from "./auth-deps.js";
import { signupCodeMail } from "./auth-emails.js";
import { checkCode, issueCode } from "./one-time-codes.js";
import { hashPassword } from "./password-hashing.js";
import { type TakenFields, toUserWire } from "./user-repository.js";

// Sign-up (spec §2 Register and OTP): register, confirm the e-mail with the code, send a new code.

/** The domain's wording for a registration field that failed validation (empty or not). */
const REGISTRATION_FIELD_MESSAGES: FieldWording = {
  name: [messages.auth.nameRequired, messages.auth.nameTooLong],
  email: [messages.auth.emailRequired, messages.auth.emailInvalid],
  phone: [messages.auth.phoneRequired, messages.auth.phoneTooLong],
  password: [messages.auth.passwordLength, messages.auth.passwordLength],
};

const ALREADY_VERIFIED = { detail: messages.authServer.alreadyVerified };

/** Registration's field errors (spec §8): `email` and/or `phone`. */
function alreadyRegistered(reply: FastifyReply, taken: TakenFields) {
  return sendError(reply, 400, "already_registered", {
    ...(taken.email ? { email: [messages.register.emailExists] } : {}),
    ...(taken.phone ? { phone: [messages.register.phoneExists] } : {}),
  });
}

export const signUpRoutes: FastifyPluginAsyncZod<AuthDeps> = async (app, deps) => {
  const { db, users, limits, attempts, mailer } = deps;

  app.post(
    `/${authCalls.register.path}`,
    // Invalid fields are answered as field errors (the form shows them by field), not a detail.
    { schema: routeSchema(authCalls.register, AUTH_TAG), attachValidation: true },
    async (request, reply) => {
      if (request.validationError) {
        const errors = fieldErrors(request.validationError, request.body, REGISTRATION_FIELD_MESSAGES);
        return sendError(reply, 400, "invalid_input", errors);
      }
      const { email, phone, name, password } = request.body;
      const weak = passwordProblem(password, { email, phone });
      if (weak) return sendError(reply, 400, "invalid_input", { password: [weak] });
      if (await refusedByLimits(reply, limits, [["codeSendsPerAddress", clientKey(request), "hit"]]))
        return reply;
      const taken = await users.taken({ email, phone });
      if (taken.email || taken.phone) return alreadyRegistered(reply, taken);
      const created = await users.create({ email, phone, name, passwordHash: await hashPassword(password) });
      if (!created.ok) return alreadyRegistered(reply, created.taken);
      const { user } = created;
      await limits.hit("codeSendsPerPair", `user:${user.id}@${clientKey(request)}`);
      // A new account's first code, within the day's allowance.
      const code = await issueCode(db, user.id, "signup", clientKey(request));
      // The account exists either way; if the e-mail fails, the answer says so and "Resend" sends
      // a new code.
      const sent = code !== null && (await sendMail(mailer, request, signupCodeMail(user.email, code)));
      const detail = sent ? messages.register.success : messages.register.successCodeNotSent;
      return reply.code(201).send({ detail, code_sent: sent, user: toUserWire(user) });
    },
  );

  app.post(
    `/${authCalls.verify.path}`,
    { schema: routeSchema(authCalls.verify, AUTH_TAG) },
    async (request, reply) => {
      const { otp, username } = request.body;
      const user = await users.byUsername(username);
      const address = clientKey(request);
      const passed = await attempts.code(reply, {
        address,
        account: accountKey(user, username),
        // An unknown address and a verified one get the same answer as a wrong code: this call
        // tells nobody which addresses have accounts (issue 14).
        check: async () =>
          !user || user.email_verified ? NO_SUCH_CODE : checkCode(db, user.id, "signup", otp, address),
      });
      if (!passed || !user) return reply;
      await users.markEmailVerified(user.id);
      return { detail: messages.auth.verified };
    },
  );

  app.post(
    `/${authCalls.newOtp.path}`,
    { schema: routeSchema(authCalls.newOtp, AUTH_TAG) },
    async (request, reply) => {
      if (await refusedByLimits(reply, limits, [["codeSendsPerAddress", clientKey(request), "hit"]]))
        return reply;
      const user = await users.byUsername(request.body.username);
      if (!user) return sendError(reply, 404, "user_not_found", { detail: messages.otp.invalidEmail });
      if (user.email_verified) return sendError(reply, 400, "already_verified", ALREADY_VERIFIED);
      if (
        await refusedByLimits(reply, limits, [
          ["codeSendsPerPair", `user:${user.id}@${clientKey(request)}`, "hit"],
        ])
      )
        return reply;
      const code = await issueCode(db, user.id, "signup", clientKey(request));
      if (code === null) return tooManyCodesToday(reply);
      if (!(await deliverCode(mailer, request, reply, signupCodeMail(user.email, code)))) return reply;
      return { detail: messages.otp.resent };
    },
  );
};
