import { authCalls, routeSchema } from "@katale/adapters-http/contract";
import { isFutureDate, messages, passwordProblem } from "@katale/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.js";
import { clientKey } from "../http/client-address.js";
import { sendError } from "../http/error-reply.js";
import { type FieldWording, fieldErrors } from "../http/field-errors.js";
import { refusedByLimits } from "../http/rate-limits.js";
import { registerSpooledUploads, spoolDir, spooledFileOf } from "../http/spooled-uploads.js";
import { imageRefusal, sendFileRefusal } from "../http/uploads.js";
import { stillShown } from "../media/media-references.js";
import { deleteAccount } from "./account-deletion.js";
import { refusal } from "./attempts.js";
import { AUTH_TAG, type AuthDeps, deliverCode, tooManyCodesToday } from "./auth-deps.js";
import { emailChangeCodeMail } from "./auth-emails.js";
import { currentUser, requireUser, revokeUserTokens } from "./authenticate.js";
import { checkCode, issueCode } from "./one-time-codes.js";
import { hashPassword } from "./password-hashing.js";
import { normaliseEmail, toUserWire, UserRepository } from "./user-repository.js";

// The signed-in user's account (spec §2 Profile, Settings): profile fields, picture, password,
// e-mail (a code to the new address), deletion. The picture has its own plugin: the one call of the
// account that takes a file.

const PICTURE_FIELD_MESSAGES: FieldWording = {
  picture: [messages.authServer.fileRequired, messages.authServer.fileRequired],
};

const PHONE_TAKEN = { phone: [messages.register.phoneExists] };
const EMAIL_TAKEN = { detail: messages.account.emailExists };
const INVALID_TOKEN = { detail: messages.authServer.invalidToken };

/** The new password; every other session ends, this one goes on. */
async function changePassword(
  db: Kysely<Database>,
  userId: number,
  passwordHash: string,
  keepTokenId: number,
) {
  await db.transaction().execute(async (trx) => {
    await new UserRepository(trx).setPassword(userId, passwordHash);
    await revokeUserTokens(trx, userId, keepTokenId);
  });
}

export const accountRoutes: FastifyPluginAsyncZod<AuthDeps> = async (app, deps) => {
  const { db, media, users, limits, attempts, mailer } = deps;
  const signedIn = { preHandler: requireUser(db) };

  app.patch(
    `/${authCalls.updateUser.path}`,
    { schema: routeSchema(authCalls.updateUser, AUTH_TAG), ...signedIn },
    async (request, reply) => {
      const born = request.body.date_of_birth;
      if (born && isFutureDate(born)) {
        return sendError(reply, 400, "invalid_input", { date_of_birth: [messages.auth.dateOfBirthFuture] });
      }
      const updated = await users.updateProfile(currentUser(request).id, request.body);
      if (!updated.ok) return sendError(reply, 400, "already_registered", PHONE_TAKEN);
      if (!updated.user) return sendError(reply, 401, "invalid_token", INVALID_TOKEN);
      return { detail: messages.account.updateSuccess, user: toUserWire(updated.user) };
    },
  );

  app.post(
    `/${authCalls.changePassword.path}`,
    { schema: routeSchema(authCalls.changePassword, AUTH_TAG), ...signedIn },
    async (request, reply) => {
      const me = currentUser(request);
      const user = await users.byId(me.id);
      const weak = passwordProblem(request.body.new_password, { email: user?.email, phone: user?.phone });
      if (weak) return sendError(reply, 400, "invalid_input", { detail: weak });
      const passed = await attempts.password(reply, {
        address: clientKey(request),
        account: `user:${me.id}`,
        user,
        password: request.body.old_password,
        wrong: refusal(400, "wrong_password", { detail: messages.account.invalidOldPassword }),
        missing: refusal(404, "user_not_found", { detail: messages.account.userNotFound }),
      });
      if (!passed) return reply;
      await changePassword(db, me.id, await hashPassword(request.body.new_password), me.tokenId);
      return { detail: messages.account.passwordChanged };
    },
  );

  app.post(
    `/${authCalls.changeEmail.path}`,
    { schema: routeSchema(authCalls.changeEmail, AUTH_TAG), ...signedIn },
    async (request, reply) => {
      const me = currentUser(request);
      const newEmail = normaliseEmail(request.body.new_email);
      if (newEmail === normaliseEmail(me.email)) {
        return sendError(reply, 400, "same_email", { detail: messages.authServer.sameEmail });
      }
      if ((await users.taken({ email: newEmail }, me.id)).email) {
        return sendError(reply, 409, "email_taken", EMAIL_TAKEN);
      }
      const checks = [
        ["codeSendsPerAddress", clientKey(request), "hit"],
        ["codeSendsPerPair", `user:${me.id}@${clientKey(request)}`, "hit"],
      ] as const;
      if (await refusedByLimits(reply, limits, checks)) return reply;
      const code = await issueCode(db, me.id, "email_change", clientKey(request), newEmail);
      if (code === null) return tooManyCodesToday(reply);
      if (!(await deliverCode(mailer, request, reply, emailChangeCodeMail(newEmail, code)))) return reply;
      return { detail: messages.account.emailOtpSent };
    },
  );

  app.post(
    `/${authCalls.verifyChangeEmail.path}`,
    { schema: routeSchema(authCalls.verifyChangeEmail, AUTH_TAG), ...signedIn },
    async (request, reply) => {
      const me = currentUser(request);
      const newEmail = normaliseEmail(request.body.new_email);
      const address = clientKey(request);
      const passed = await attempts.code(reply, {
        address,
        account: `user:${me.id}`,
        check: () => checkCode(db, me.id, "email_change", request.body.otp, address, newEmail),
        wrong: messages.account.invalidEmailOtp,
      });
      if (!passed) return reply;
      const changed = await users.changeEmail(me.id, newEmail);
      // Someone registered that address after the code was sent.
      if (!changed.ok) return sendError(reply, 409, "email_taken", EMAIL_TAKEN);
      return { detail: messages.account.emailChanged, user: toUserWire(changed.user) };
    },
  );

  app.post(
    `/${authCalls.deleteAccount.path}`,
    { schema: routeSchema(authCalls.deleteAccount, AUTH_TAG), ...signedIn },
    async (request, reply) => {
      const me = currentUser(request);
      const passed = await attempts.password(reply, {
        address: clientKey(request),
        account: `user:${me.id}`,
        user: await users.byId(me.id),
        password: request.body.password,
        wrong: refusal(400, "wrong_password", { detail: messages.auth.wrongPassword }),
      });
      if (!passed) return reply;
      await deleteAccount(db, media, me.id, (message, error) => request.log.warn({ err: error }, message));
      return { detail: messages.auth.accountDeleted };
    },
  );
};

/**
 * The profile picture (a multipart body, spooled to disk): only its own field takes a file, and
 * none is read before the sender is signed in (issue 14 MF3).
 */
export const profilePictureRoutes: FastifyPluginAsyncZod<AuthDeps> = async (app, deps) => {
  const { db, config, media, users } = deps;
  const signedIn = { preHandler: requireUser(db) };
  await registerSpooledUploads(app, db, {
    maxFiles: 1,
    fieldSize: 4096,
    spoolDir: spoolDir(config),
    fileFields: ["picture"],
    signInFirst: true,
  });

  app.patch(
    `/${authCalls.updateProfilePicture.path}`,
    { schema: routeSchema(authCalls.updateProfilePicture, AUTH_TAG), attachValidation: true, ...signedIn },
    async (request, reply) => {
      if (request.validationError) {
        const errors = fieldErrors(request.validationError, request.body, PICTURE_FIELD_MESSAGES);
        return sendError(reply, 400, "invalid_input", errors);
      }
      const upload = spooledFileOf(request.body.picture);
      const stored = upload.ok ? await media.processImage(await upload.read(), { kind: "avatars" }) : upload;
      if (!stored.ok) {
        const refused = "code" in stored ? stored : imageRefusal(stored);
        return sendFileRefusal(reply, refused, (detail) =>
          sendError(reply, 400, "invalid_input", { detail }),
        );
      }
      const { user, previous } = await users.replacePicture(currentUser(request).id, stored.path);
      if (previous && previous !== stored.path && !(await stillShown(db, previous))) {
        await media.deleteImage(previous);
      }
      return { detail: messages.account.imageChanged, user: toUserWire(user) };
    },
  );
};
