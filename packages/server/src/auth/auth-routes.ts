import { authCalls, routeSchema } from "@katale/adapters-http/contract";
import { messages } from "@katale/domain";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { RouteDeps } from "../http/route-deps.js";
import type { Mailer, MailMessage } from "../mail/mailer.js";
import { deleteAccount } from "./account-deletion.js";
import { emailChangeCodeMail, resetCodeMail, signupCodeMail } from "./auth-emails.js";
import { AuthRateLimits, type LimitName, tooManyAttempts } from "./auth-rate-limits.js";
import { createToken, currentUser, requireUser, revokeToken, revokeUserTokens } from "./authenticate.js";
import { type FieldWording, fieldErrors } from "./field-errors.js";
import { stillShown } from "./media-references.js";
import { checkCode, issueCode } from "./one-time-codes.js";
import { burnPasswordCheck, hashPassword, verifyPassword } from "./password-hashing.js";
import { issueResetKey, useResetKey } from "./reset-keys.js";
import { registerUploads, uploadOf } from "./uploads.js";
import {
  findUserById,
  findUserByUsername,
  normaliseEmail,
  normalisePhone,
  takenFields,
  toUserWire,
  type UserRecord,
  uniqueViolation,
} from "./user-repository.js";
import { userVerificationRoutes } from "./user-verification-routes.js";

// The authentication service (spec §7, mounted under /api/auth/). Wording from the domain's
// messages; statuses as the clients expect them (spec §8): 401 wrong code, 403 unverified login, 404
// unknown user where the spec's message says so, 409 taken e-mail, 429 too many attempts.

export interface AuthRouteDeps extends RouteDeps {
  mailer: Mailer;
}

const TAG = "auth";

/** Rate-limit key of an account: its id when known, else the normalised name that was typed. */
function accountKey(user: UserRecord | undefined, username: string): string {
  if (user) return `user:${user.id}`;
  const value = username.trim();
  return value.includes("@") ? `name:${normaliseEmail(value)}` : `name:${normalisePhone(value)}`;
}

export const authRoutes: FastifyPluginAsyncZod<AuthRouteDeps> = async (app, deps) => {
  const { db, config, media, mailer } = deps;
  const limits = new AuthRateLimits(config.authRateLimits);
  const signedIn = { preHandler: requireUser(db) };
  await registerUploads(app);

  /** Counts the attempts; answers 429 (and true) when one of the allowances is used up. */
  async function limited(reply: FastifyReply, checks: [LimitName, string, "hit" | "check"][]) {
    for (const [name, key, mode] of checks) {
      const wait = mode === "hit" ? await limits.hit(name, key) : await limits.exhausted(name, key);
      if (wait !== null) {
        await tooManyAttempts(reply, wait);
        return true;
      }
    }
    return false;
  }

  async function send(request: FastifyRequest, message: MailMessage): Promise<boolean> {
    try {
      await mailer.send(message);
      return true;
    } catch (error) {
      // Only what identifies the failure: the message itself carries a code.
      const { code, message: reason } = error as { code?: unknown; message?: unknown };
      request.log.error({ code, reason }, "could not send an e-mail");
      return false;
    }
  }

  const mailFailed = (reply: FastifyReply) =>
    reply.code(503).send({ detail: messages.authServer.mailFailed });

  // ---- sign-up ----

  app.post(
    `/${authCalls.register.path}`,
    // Invalid fields are answered as field errors (the form shows them by field), not a detail.
    { schema: routeSchema(authCalls.register, TAG), attachValidation: true },
    async (request, reply) => {
      if (request.validationError)
        return reply
          .code(400)
          .send(fieldErrors(request.validationError, request.body, REGISTRATION_FIELD_MESSAGES));
      const body = request.body;
      const email = normaliseEmail(body.email);
      const phone = normalisePhone(body.phone);
      if (await limited(reply, [["codeSendsPerAddress", request.ip, "hit"]])) return reply;

      const taken = await takenFields(db, { email, phone });
      if (taken.email || taken.phone) return reply.code(400).send(registrationErrors(taken));

      let user: UserRecord;
      try {
        user = await db
          .insertInto("users")
          .values({
            email,
            phone,
            name: body.name,
            password_hash: await hashPassword(body.password),
            date_of_birth: null,
            country: null,
            gender: null,
            profile_picture: null,
            deleted_at: null,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
      } catch (error) {
        // Two sign-ups with the same e-mail or phone at once: the unique index decides.
        const index = uniqueViolation(error);
        if (index === null) throw error;
        const phone = index.includes("phone");
        return reply.code(400).send(registrationErrors({ email: !phone || index.includes("email"), phone }));
      }
      await limits.hit("codeSendsPerAccount", `user:${user.id}`);
      const code = await issueCode(db, user.id, "signup");
      // The account exists either way; if the e-mail fails, "Resend" sends a new code.
      await send(request, signupCodeMail(user.email, code));
      return reply.code(201).send({ detail: messages.register.success, user: toUserWire(user) });
    },
  );

  app.post(
    `/${authCalls.verify.path}`,
    { schema: routeSchema(authCalls.verify, TAG) },
    async (request, reply) => {
      const { otp, username } = request.body;
      const user = await findUserByUsername(db, username);
      const key = accountKey(user, username);
      if (
        await limited(reply, [
          ["codeChecksPerAddress", request.ip, "hit"],
          ["codeFailuresPerAccount", key, "check"],
        ])
      )
        return reply;
      // An unknown address gets the same answer as a wrong code.
      if (!user) {
        await limits.hit("codeFailuresPerAccount", key);
        return reply.code(401).send({ detail: messages.otp.wrongCode });
      }
      if (user.email_verified) return reply.code(400).send({ detail: messages.authServer.alreadyVerified });
      const check = await checkCode(db, user.id, "signup", otp);
      if (!check.ok) {
        if (check.reason === "no-live-code") return reply.code(400).send({ detail: messages.otp.tryNewCode });
        await limits.hit("codeFailuresPerAccount", key);
        return reply.code(401).send({ detail: messages.otp.wrongCode });
      }
      await db.updateTable("users").set({ email_verified: true }).where("id", "=", user.id).execute();
      await limits.clear("codeFailuresPerAccount", key);
      return { detail: messages.auth.verified };
    },
  );

  app.post(
    `/${authCalls.newOtp.path}`,
    { schema: routeSchema(authCalls.newOtp, TAG) },
    async (request, reply) => {
      if (await limited(reply, [["codeSendsPerAddress", request.ip, "hit"]])) return reply;
      const user = await findUserByUsername(db, request.body.username);
      if (!user) return reply.code(404).send({ detail: messages.otp.invalidEmail });
      if (user.email_verified) return reply.code(400).send({ detail: messages.authServer.alreadyVerified });
      if (await limited(reply, [["codeSendsPerAccount", `user:${user.id}`, "hit"]])) return reply;
      const code = await issueCode(db, user.id, "signup");
      if (!(await send(request, signupCodeMail(user.email, code)))) return mailFailed(reply);
      return { detail: messages.otp.resent };
    },
  );

  // ---- login and sessions ----

  app.post(
    `/${authCalls.login.path}`,
    { schema: routeSchema(authCalls.login, TAG) },
    async (request, reply) => {
      const { username, password } = request.body;
      const user = await findUserByUsername(db, username);
      const key = accountKey(user, username);
      if (
        await limited(reply, [
          ["loginPerAddress", request.ip, "hit"],
          ["passwordFailuresPerAccount", key, "check"],
        ])
      )
        return reply;
      if (!user) {
        await burnPasswordCheck(password);
        await limits.hit("passwordFailuresPerAccount", key);
        return reply.code(401).send({ detail: messages.authServer.invalidCredentials });
      }
      if (!(await verifyPassword(user.password_hash, password))) {
        await limits.hit("passwordFailuresPerAccount", key);
        return reply.code(401).send({ detail: messages.authServer.invalidCredentials });
      }
      await limits.clear("passwordFailuresPerAccount", key);
      // Only the right password learns that the e-mail is not verified yet.
      if (!user.email_verified) return reply.code(403).send({ error: messages.authServer.userNotVerified });
      return { key: await createToken(db, user.id), user: toUserWire(user) };
    },
  );

  app.get(
    `/${authCalls.me.path}`,
    { schema: routeSchema(authCalls.me, TAG), ...signedIn },
    async (request, reply) => {
      const user = await findUserById(db, currentUser(request).id);
      if (!user) return reply.code(401).send({ detail: messages.authServer.invalidToken });
      reply.header("cache-control", "no-store");
      return { user: toUserWire(user), is_admin: user.role === "admin" };
    },
  );

  app.post(
    `/${authCalls.logout.path}`,
    { schema: routeSchema(authCalls.logout, TAG), ...signedIn },
    async (request) => {
      await revokeToken(db, currentUser(request).tokenId);
      return { detail: messages.auth.loggedOut };
    },
  );

  // ---- password reset ----

  app.post(
    `/${authCalls.resetPassword.path}`,
    { schema: routeSchema(authCalls.resetPassword, TAG) },
    async (request, reply) => {
      if (await limited(reply, [["codeSendsPerAddress", request.ip, "hit"]])) return reply;
      const user = await findUserByUsername(db, request.body.username);
      if (!user) return reply.code(404).send({ detail: messages.reset.userDoesNotExist });
      if (await limited(reply, [["codeSendsPerAccount", `user:${user.id}`, "hit"]])) return reply;
      const code = await issueCode(db, user.id, "reset");
      if (!(await send(request, resetCodeMail(user.email, code, config.publicUrl)))) return mailFailed(reply);
      return { detail: messages.reset.codeSent };
    },
  );

  app.post(
    `/${authCalls.verifyResetPassword.path}`,
    { schema: routeSchema(authCalls.verifyResetPassword, TAG) },
    async (request, reply) => {
      const { username, otp } = request.body;
      const user = await findUserByUsername(db, username);
      const key = accountKey(user, username);
      if (
        await limited(reply, [
          ["codeChecksPerAddress", request.ip, "hit"],
          ["codeFailuresPerAccount", key, "check"],
        ])
      )
        return reply;
      if (!user) return reply.code(404).send({ detail: messages.reset.userDoesNotExist });
      const check = await checkCode(db, user.id, "reset", otp);
      if (!check.ok) {
        if (check.reason === "no-live-code") return reply.code(400).send({ detail: messages.otp.tryNewCode });
        await limits.hit("codeFailuresPerAccount", key);
        return reply.code(401).send({ detail: messages.otp.wrongCode });
      }
      await limits.clear("codeFailuresPerAccount", key);
      return { key: await issueResetKey(db, user.id), detail: messages.reset.codeVerified };
    },
  );

  app.post(
    `/${authCalls.resetPasswordComplete.path}`,
    { schema: routeSchema(authCalls.resetPasswordComplete, TAG) },
    async (request, reply) => {
      const passwordHash = await hashPassword(request.body.new_password);
      const userId = await db.transaction().execute(async (trx) => {
        const id = await useResetKey(trx, request.body.key);
        if (id === null) return null;
        // The code proved the e-mail: an unverified account becomes verified.
        await trx
          .updateTable("users")
          .set({ password_hash: passwordHash, email_verified: true })
          .where("id", "=", id)
          .execute();
        await revokeUserTokens(trx, id);
        return id;
      });
      if (userId === null) return reply.code(400).send({ detail: messages.authServer.resetKeyInvalid });
      await limits.clear("passwordFailuresPerAccount", `user:${userId}`);
      return { detail: messages.reset.done };
    },
  );

  // ---- the account ----

  app.patch(
    `/${authCalls.updateUser.path}`,
    { schema: routeSchema(authCalls.updateUser, TAG), ...signedIn },
    async (request, reply) => {
      const me = currentUser(request);
      const { name, phone, country, date_of_birth, gender } = request.body;
      if (phone !== undefined && (await takenFields(db, { phone }, me.id)).phone) {
        return reply.code(400).send({ phone: [messages.register.phoneExists] });
      }
      const changes = {
        ...(name !== undefined ? { name } : {}),
        ...(phone !== undefined ? { phone: normalisePhone(phone) } : {}),
        ...(country !== undefined ? { country: country || null } : {}),
        ...(date_of_birth !== undefined ? { date_of_birth } : {}),
        ...(gender !== undefined ? { gender } : {}),
      };
      if (Object.keys(changes).length > 0) {
        try {
          await db.updateTable("users").set(changes).where("id", "=", me.id).execute();
        } catch (error) {
          if (uniqueViolation(error) === null) throw error;
          return reply.code(400).send({ phone: [messages.register.phoneExists] });
        }
      }
      const user = await findUserById(db, me.id);
      if (!user) return reply.code(401).send({ detail: messages.authServer.invalidToken });
      return { detail: messages.account.updateSuccess, user: toUserWire(user) };
    },
  );

  app.patch(
    `/${authCalls.updateProfilePicture.path}`,
    { schema: routeSchema(authCalls.updateProfilePicture, TAG), attachValidation: true, ...signedIn },
    async (request, reply) => {
      if (request.validationError) {
        return reply
          .code(400)
          .send(fieldErrors(request.validationError, request.body, PICTURE_FIELD_MESSAGES));
      }
      const me = currentUser(request);
      const upload = uploadOf(request.body.picture);
      if (!upload.ok) return reply.code(upload.status).send({ detail: upload.message });
      const stored = await media.processImage(upload.bytes, { kind: "avatars" });
      if (!stored.ok)
        return reply.code(stored.kind === "too-large" ? 413 : 400).send({ detail: stored.message });
      const before = await findUserById(db, me.id);
      const user = await db
        .updateTable("users")
        .set({ profile_picture: stored.path })
        .where("id", "=", me.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      const old = before?.profile_picture;
      if (old && old !== stored.path && !(await stillShown(db, old))) await media.deleteImage(old);
      return { detail: messages.account.imageChanged, user: toUserWire(user) };
    },
  );

  app.post(
    `/${authCalls.changePassword.path}`,
    { schema: routeSchema(authCalls.changePassword, TAG), ...signedIn },
    async (request, reply) => {
      const me = currentUser(request);
      const key = `user:${me.id}`;
      if (await limited(reply, [["passwordFailuresPerAccount", key, "check"]])) return reply;
      const user = await findUserById(db, me.id);
      if (!user) return reply.code(404).send({ detail: messages.account.userNotFound });
      if (!(await verifyPassword(user.password_hash, request.body.old_password))) {
        await limits.hit("passwordFailuresPerAccount", key);
        return reply.code(400).send({ detail: messages.account.invalidOldPassword });
      }
      await limits.clear("passwordFailuresPerAccount", key);
      const passwordHash = await hashPassword(request.body.new_password);
      await db.transaction().execute(async (trx) => {
        await trx.updateTable("users").set({ password_hash: passwordHash }).where("id", "=", me.id).execute();
        // Every other session ends; this one goes on.
        await revokeUserTokens(trx, me.id, me.tokenId);
      });
      return { detail: messages.account.passwordChanged };
    },
  );

  app.post(
    `/${authCalls.changeEmail.path}`,
    { schema: routeSchema(authCalls.changeEmail, TAG), ...signedIn },
    async (request, reply) => {
      const me = currentUser(request);
      const newEmail = normaliseEmail(request.body.new_email);
      if (newEmail === normaliseEmail(me.email)) {
        return reply.code(400).send({ detail: messages.authServer.sameEmail });
      }
      if ((await takenFields(db, { email: newEmail }, me.id)).email) {
        return reply.code(409).send({ detail: messages.account.emailExists });
      }
      if (
        await limited(reply, [
          ["codeSendsPerAddress", request.ip, "hit"],
          ["codeSendsPerAccount", `user:${me.id}`, "hit"],
        ])
      )
        return reply;
      const code = await issueCode(db, me.id, "email_change", newEmail);
      if (!(await send(request, emailChangeCodeMail(newEmail, code)))) return mailFailed(reply);
      return { detail: messages.account.emailOtpSent };
    },
  );

  app.post(
    `/${authCalls.verifyChangeEmail.path}`,
    { schema: routeSchema(authCalls.verifyChangeEmail, TAG), ...signedIn },
    async (request, reply) => {
      const me = currentUser(request);
      const key = `user:${me.id}`;
      const newEmail = normaliseEmail(request.body.new_email);
      if (
        await limited(reply, [
          ["codeChecksPerAddress", request.ip, "hit"],
          ["codeFailuresPerAccount", key, "check"],
        ])
      )
        return reply;
      const check = await checkCode(db, me.id, "email_change", request.body.otp, newEmail);
      if (!check.ok) {
        if (check.reason === "no-live-code") return reply.code(400).send({ detail: messages.otp.tryNewCode });
        await limits.hit("codeFailuresPerAccount", key);
        return reply.code(401).send({ detail: messages.account.invalidEmailOtp });
      }
      await limits.clear("codeFailuresPerAccount", key);
      try {
        const user = await db
          .updateTable("users")
          .set({ email: newEmail, email_verified: true })
          .where("id", "=", me.id)
          .returningAll()
          .executeTakeFirstOrThrow();
        return { detail: messages.account.emailChanged, user: toUserWire(user) };
      } catch (error) {
        // Someone registered that address after the code was sent.
        if (uniqueViolation(error) === null) throw error;
        return reply.code(409).send({ detail: messages.account.emailExists });
      }
    },
  );

  app.post(
    `/${authCalls.deleteAccount.path}`,
    { schema: routeSchema(authCalls.deleteAccount, TAG), ...signedIn },
    async (request, reply) => {
      const me = currentUser(request);
      const key = `user:${me.id}`;
      if (await limited(reply, [["passwordFailuresPerAccount", key, "check"]])) return reply;
      const user = await findUserById(db, me.id);
      if (!user || !(await verifyPassword(user.password_hash, request.body.password))) {
        await limits.hit("passwordFailuresPerAccount", key);
        return reply.code(400).send({ detail: messages.auth.wrongPassword });
      }
      await deleteAccount(db, media, me.id, (message, error) => request.log.warn({ err: error }, message));
      await limits.clear("passwordFailuresPerAccount", key);
      return { detail: messages.auth.accountDeleted };
    },
  );

  await app.register(userVerificationRoutes, { db, config, media, readCache: deps.readCache });
};

/** The domain's wording for a registration field that failed validation (empty or not). */
const REGISTRATION_FIELD_MESSAGES: FieldWording = {
  name: [messages.auth.nameRequired, messages.auth.nameTooLong],
  email: [messages.auth.emailRequired, messages.auth.emailInvalid],
  phone: [messages.auth.phoneRequired, messages.auth.phoneTooLong],
  password: [messages.auth.passwordLength, messages.auth.passwordLength],
};

const PICTURE_FIELD_MESSAGES: FieldWording = {
  picture: [messages.authServer.fileRequired, messages.authServer.fileRequired],
};

/** Registration's field errors (spec §8): `email` and/or `phone`. */
function registrationErrors(taken: { email: boolean; phone: boolean }) {
  return {
    ...(taken.email ? { email: [messages.register.emailExists] } : {}),
    ...(taken.phone ? { phone: [messages.register.phoneExists] } : {}),
  };
}
