import { routeSchema, verificationCalls } from "@katale/adapters-http/contract";
import { messages, sellerServerMessages } from "@katale/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { currentUser, requireUser } from "../auth/authenticate.js";
import { uniqueViolation } from "../auth/user-repository.js";
import { refusedInput } from "../engagement/input-refusal.js";
import { sendError } from "../http/error-reply.js";
import type { FieldWording } from "../http/field-errors.js";
import { SHOP_NOT_FOUND } from "../http/not-found-messages.js";
import type { RouteDeps } from "../http/route-deps.js";
import { registerSpooledUploads, spoolDir, spooledFileOf } from "../http/spooled-uploads.js";
import { imageRefusal, sendFileRefusal } from "../http/uploads.js";

// POST verification/shop/ on the shop service (spec §7): the owner asks for the shop's verification.
// The shop's photo is re-encoded and stored privately (DATA_DIR/private/shop-photos, never served),
// like the user's documents (user-verification-routes.ts); the request keeps only its opaque key.
// One open request per shop: 409 'Shop already has a verification request'.

const TAG = "verification";
const m = sellerServerMessages;
const WORDING: FieldWording = {
  contact: [m.contactRequired, m.contactRequired],
  shop_image: [m.shopImageRequired, messages.authServer.fileRequired],
  shop: [m.shopRequired, messages.api.shopNotFound],
  location_latitude: [m.latitudeInvalid, m.latitudeInvalid],
  location_longitude: [m.longitudeInvalid, m.longitudeInvalid],
};
const REQUEST_EXISTS = { detail: messages.verification.shopRequestExists };

export const shopVerificationRoutes: FastifyPluginAsyncZod<RouteDeps> = async (
  app,
  { db, media, readCache, config },
) => {
  await registerSpooledUploads(app, db, { maxFiles: 1, fieldSize: 4096, spoolDir: spoolDir(config) });

  app.post(
    `/${verificationCalls.shop.path}`,
    { schema: routeSchema(verificationCalls.shop, TAG), attachValidation: true, preHandler: requireUser(db) },
    async (request, reply) => {
      if (await refusedInput(request, reply, WORDING)) return reply;
      const body = request.body;
      const shop = await db
        .selectFrom("shops")
        .select(["owner_id", "verification_status"])
        .where("id", "=", body.shop)
        .executeTakeFirst();
      if (!shop) return sendError(reply, 404, "shop_not_found", { detail: SHOP_NOT_FOUND });
      if (shop.owner_id !== currentUser(request).id)
        return sendError(reply, 403, "forbidden", { detail: m.notShopOwner });
      const requestExists = () => sendError(reply, 409, "verification_pending", REQUEST_EXISTS);
      const open = await db
        .selectFrom("shop_verification_requests")
        .select("id")
        .where("shop_id", "=", body.shop)
        .where("status", "=", "PENDING")
        .executeTakeFirst();
      if (open) return requestExists();
      if (shop.verification_status === "VERIFIED") {
        return sendError(reply, 409, "verification_done", {
          detail: messages.verification.shopAlreadyVerified,
        });
      }

      const upload = spooledFileOf(body.shop_image, m.shopImageRequired);
      const stored = upload.ok ? await media.savePrivateImage(await upload.read(), "shop-photos") : upload;
      if (!stored.ok) {
        const refused = "code" in stored ? stored : imageRefusal(stored);
        return sendFileRefusal(reply, refused, (message) =>
          sendError(reply, 400, "invalid_input", { shop_image: [message] }),
        );
      }
      try {
        await db.transaction().execute(async (trx) => {
          await trx
            .insertInto("shop_verification_requests")
            .values({
              shop_id: body.shop,
              requested_by: currentUser(request).id,
              contact: body.contact,
              shop_image: stored.key,
              location_latitude: body.location_latitude ?? null,
              location_longitude: body.location_longitude ?? null,
              reason: null,
            })
            .execute();
          await trx
            .updateTable("shops")
            .set({ verification_status: "PENDING" })
            .where("id", "=", body.shop)
            .execute();
        });
      } catch (error) {
        await media.deletePrivate(stored.key);
        // A second request at the same moment: the partial unique index keeps one open.
        if (uniqueViolation(error) !== null) return requestExists();
        throw error;
      }
      readCache.clear();
      return reply.code(201).send({ detail: messages.verification.sent });
    },
  );
};
