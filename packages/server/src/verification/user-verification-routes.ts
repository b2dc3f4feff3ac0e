import { routeSchema, verificationCalls } from "@katale/adapters-http/contract";
import { messages } from "@katale/domain";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { currentUser, requireUser } from "../auth/authenticate.js";
import { UserRepository, uniqueViolation } from "../auth/user-repository.js";
import { sendError } from "../http/error-reply.js";
import { type FieldWording, fieldErrors } from "../http/field-errors.js";
import type { RouteDeps } from "../http/route-deps.js";
import { registerSpooledUploads, spoolDir, spooledFileOf } from "../http/spooled-uploads.js";
import { type FileRefusal, imageRefusal, sendFileRefusal } from "../http/uploads.js";
import type { PrivateImageKind } from "../media/image-limits.js";

// POST verification/user/ on the auth service (spec §7): the user's identity verification request.
// The national ID image and the user's photo are re-encoded and stored privately (DATA_DIR/private,
// never served); the request keeps only their opaque keys. One open request per user.

const TAG = "verification";

const FIELD_MESSAGES: FieldWording = {
  nin: [messages.userVerification.ninRequired, messages.userVerification.ninTooLong],
  national_id_image: [messages.userVerification.nationalIdImageRequired, messages.authServer.fileRequired],
  user_image: [messages.userVerification.userImageRequired, messages.authServer.fileRequired],
};

const REQUEST_EXISTS = { detail: messages.verification.userRequestExists };

/** A refused document: 413 `too_large` as a detail, otherwise an error of its field. */
function refusedFile(reply: FastifyReply, field: string, refused: FileRefusal) {
  return sendFileRefusal(reply, refused, (message) =>
    sendError(reply, 400, "invalid_input", { [field]: [message] }),
  );
}

export const userVerificationRoutes: FastifyPluginAsyncZod<RouteDeps> = async (
  app,
  { db, media, config },
) => {
  const users = new UserRepository(db);
  // The two documents, spooled to disk; nothing is read before the sender is signed in.
  await registerSpooledUploads(app, db, {
    maxFiles: 2,
    fieldSize: 4096,
    spoolDir: spoolDir(config),
    fileFields: ["national_id_image", "user_image"],
    signInFirst: true,
  });

  app.post(
    `/${verificationCalls.user.path}`,
    { schema: routeSchema(verificationCalls.user, TAG), attachValidation: true, preHandler: requireUser(db) },
    async (request, reply) => {
      if (request.validationError) {
        const errors = fieldErrors(request.validationError, request.body, FIELD_MESSAGES);
        return sendError(reply, 400, "invalid_input", errors);
      }
      const me = currentUser(request);
      const body = request.body;
      const requestExists = () => sendError(reply, 409, "verification_pending", REQUEST_EXISTS);

      const user = await users.byId(me.id);
      const open = await db
        .selectFrom("user_verification_requests")
        .select("id")
        .where("user_id", "=", me.id)
        .where("status", "=", "PENDING")
        .executeTakeFirst();
      if (open) return requestExists();
      if (user?.verification_status === "VERIFIED") {
        return sendError(reply, 409, "verification_done", {
          detail: messages.verification.userAlreadyVerified,
        });
      }

      const files = [
        ["national_id_image", "national-ids"],
        ["user_image", "user-photos"],
      ] as const satisfies readonly (readonly [keyof typeof body, PrivateImageKind])[];
      for (const [field] of files) {
        const upload = spooledFileOf(body[field]);
        if (!upload.ok) return refusedFile(reply, field, upload);
      }
      const saved: string[] = [];
      const discard = () => Promise.all(saved.map((key) => media.deletePrivate(key)));
      for (const [field, kind] of files) {
        const upload = spooledFileOf(body[field]);
        if (!upload.ok) continue; // checked above
        const stored = await media.savePrivateImage(await upload.read(), kind);
        if (!stored.ok) {
          await discard();
          return refusedFile(reply, field, imageRefusal(stored));
        }
        saved.push(stored.key);
      }

      try {
        await db.transaction().execute(async (trx) => {
          await trx
            .insertInto("user_verification_requests")
            .values({
              user_id: me.id,
              email: body.email,
              phone: body.phone,
              nin: body.nin,
              national_id_image: saved[0]!,
              user_image: saved[1]!,
              location_latitude: body.location_latitude ?? null,
              location_longitude: body.location_longitude ?? null,
              reason: null,
            })
            .execute();
          await new UserRepository(trx).setVerificationStatus(me.id, "PENDING");
        });
      } catch (error) {
        await discard();
        // A second request at the same moment: the partial unique index keeps one open.
        if (uniqueViolation(error) !== null) return requestExists();
        throw error;
      }
      return reply.code(201).send({ detail: messages.verification.sent });
    },
  );
};
