import { routeSchema, verificationCalls } from "@katale/adapters-http/contract";
import { messages } from "@katale/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { RouteDeps } from "../http/route-deps.js";
import type { PrivateImageKind } from "../media/image-limits.js";
import { currentUser, requireUser } from "./authenticate.js";
import { type FieldWording, fieldErrors } from "./field-errors.js";
import { uploadOf } from "./uploads.js";
import { uniqueViolation } from "./user-repository.js";

// POST verification/user/ on the auth service (spec §7): the user's identity verification request.
// The national ID image and the user's photo are re-encoded and stored privately (DATA_DIR/private,
// never served); the request keeps only their opaque keys. One open request per user.

const TAG = "verification";

const FIELD_MESSAGES: FieldWording = {
  nin: [messages.userVerification.ninRequired, messages.userVerification.ninTooLong],
  national_id_image: [messages.userVerification.nationalIdImageRequired, messages.authServer.fileRequired],
  user_image: [messages.userVerification.userImageRequired, messages.authServer.fileRequired],
};

export const userVerificationRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, media }) => {
  app.post(
    `/${verificationCalls.user.path}`,
    { schema: routeSchema(verificationCalls.user, TAG), attachValidation: true, preHandler: requireUser(db) },
    async (request, reply) => {
      if (request.validationError) {
        return reply.code(400).send(fieldErrors(request.validationError, request.body, FIELD_MESSAGES));
      }
      const me = currentUser(request);
      const body = request.body;
      const requestExists = () => reply.code(409).send({ detail: messages.verification.userRequestExists });

      const user = await db
        .selectFrom("users")
        .select("verification_status")
        .where("id", "=", me.id)
        .executeTakeFirstOrThrow();
      const open = await db
        .selectFrom("user_verification_requests")
        .select("id")
        .where("user_id", "=", me.id)
        .where("status", "=", "PENDING")
        .executeTakeFirst();
      if (open || user.verification_status === "VERIFIED") return requestExists();

      const files = [
        ["national_id_image", "national-ids"],
        ["user_image", "user-photos"],
      ] as const satisfies readonly (readonly [keyof typeof body, PrivateImageKind])[];
      for (const [field] of files) {
        const upload = uploadOf(body[field]);
        if (!upload.ok) {
          return upload.status === 413
            ? reply.code(413).send({ detail: upload.message })
            : reply.code(400).send({ [field]: [upload.message] });
        }
      }
      const saved: string[] = [];
      const discard = () => Promise.all(saved.map((key) => media.deletePrivate(key)));
      for (const [field, kind] of files) {
        const upload = uploadOf(body[field]);
        if (!upload.ok) continue; // checked above
        const stored = await media.savePrivateImage(upload.bytes, kind);
        if (!stored.ok) {
          await discard();
          return stored.kind === "too-large"
            ? reply.code(413).send({ detail: stored.message })
            : reply.code(400).send({ [field]: [stored.message] });
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
          await trx
            .updateTable("users")
            .set({ verification_status: "PENDING" })
            .where("id", "=", me.id)
            .execute();
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
