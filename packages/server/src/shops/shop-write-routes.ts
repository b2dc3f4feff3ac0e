import { routeSchema, shopCalls } from "@katale/adapters-http/contract";
import { messages, sellerServerMessages } from "@katale/domain";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { authenticateToken, currentUser, requireUser } from "../auth/authenticate.js";
import { uniqueViolation } from "../auth/user-repository.js";
import { refusedInput } from "../engagement/input-refusal.js";
import { PRIVATE_NO_STORE } from "../http/cache-control.js";
import { sendError } from "../http/error-reply.js";
import type { FieldWording } from "../http/field-errors.js";
import { SHOP_NOT_FOUND } from "../http/not-found-messages.js";
import type { RouteDeps } from "../http/route-deps.js";
import { registerSpooledUploads, spoolDir, spooledFileOf } from "../http/spooled-uploads.js";
import { imageRefusal, sendFileRefusal } from "../http/uploads.js";
import { stillShown } from "../media/media-references.js";
import { refusedSuspendedSeller } from "../moderation/posting-limits.js";
import { slugify } from "../seed/slugify.js";
import { ShopRepository } from "./shop-repository.js";

// Opening and editing shops, and the owner's list of shops (spec §7, issue 9). A shop's name is
// unique whatever its case; its location is required. Only the owner edits a shop (admins neither:
// a shop's details are its owner's words). Images are stored as public WebP like the seed's.

const TAG = "shops";
const m = sellerServerMessages;
const WORDING: FieldWording = {
  name: [m.shopNameRequired, m.shopNameTooLong],
  category: [m.shopCategoriesInvalid, m.shopCategoriesInvalid],
  location_latitude: [m.shopLocationRequired, m.latitudeInvalid],
  location_longitude: [m.shopLocationRequired, m.longitudeInvalid],
  email: [m.emailInvalid, m.emailInvalid],
  phone: [m.phoneTooLong, m.phoneTooLong],
  bio: [m.bioTooLong, m.bioTooLong],
};

const emptyToNull = (value: string | undefined) => (value === undefined ? undefined : value.trim() || null);

export const shopWriteRoutes: FastifyPluginAsyncZod<RouteDeps> = async (
  app,
  { db, media, readCache, config },
) => {
  const shops = new ShopRepository(db);
  await registerSpooledUploads(app, db, { maxFiles: 2, fieldSize: 16 * 1024, spoolDir: spoolDir(config) });
  const signedIn = { preHandler: requireUser(db), attachValidation: true };
  const release = async (paths: readonly (string | null | undefined)[]) => {
    for (const path of paths) if (path && !(await stillShown(db, path))) await media.deleteImage(path);
  };

  /** Stores the optional image fields; answers (and removes what it stored) on a refusal. */
  async function storeImages(
    reply: FastifyReply,
    fields: readonly [string, unknown][],
  ): Promise<Record<string, string> | null> {
    const stored: Record<string, string> = {};
    for (const [field, value] of fields) {
      // No picture: left out, empty, or null (spec §7's own JSON body sends `profile_image: null`).
      if (value === undefined || value === null || value === "") continue;
      const upload = spooledFileOf(value);
      const result = upload.ok ? await media.processImage(await upload.read(), { kind: "shops" }) : upload;
      if (!result.ok) {
        await release(Object.values(stored));
        const refused = "code" in result ? result : imageRefusal(result);
        await sendFileRefusal(reply, refused, (message) =>
          sendError(reply, 400, "invalid_input", { [field]: [message] }),
        );
        return null;
      }
      stored[field] = result.path;
    }
    return stored;
  }

  app.get(
    `/${shopCalls.byUser.path}`,
    { schema: routeSchema(shopCalls.byUser, TAG) },
    async (request, reply) => {
      const user = await authenticateToken(db, request.params.token);
      reply.header("cache-control", PRIVATE_NO_STORE);
      if (!user) return sendError(reply, 401, "invalid_token", { detail: messages.authServer.invalidToken });
      return { data: await shops.byOwner(user.id) };
    },
  );

  app.get(
    `/${shopCalls.mine.path}`,
    { schema: routeSchema(shopCalls.mine, TAG), preHandler: requireUser(db) },
    async (request, reply) => {
      reply.header("cache-control", PRIVATE_NO_STORE);
      return { data: await shops.byOwner(currentUser(request).id) };
    },
  );

  app.post(
    `/${shopCalls.create.path}`,
    { schema: routeSchema(shopCalls.create, TAG), ...signedIn },
    async (request, reply) => {
      if (await refusedInput(request, reply, WORDING)) return reply;
      const body = request.body;
      const me = currentUser(request);
      if (await refusedSuspendedSeller(db, reply, me.id)) return reply;
      const name = body.name;
      const nameTaken = () => sendError(reply, 409, "shop_name_taken", { name: [m.shopNameTaken] });
      const categoryIds = [...new Set(body.category)];
      const known = await db.selectFrom("categories").select("id").where("id", "in", categoryIds).execute();
      if (known.length !== categoryIds.length)
        return sendError(reply, 400, "invalid_input", { category: [m.categoryUnknown] });
      const sameName = await db
        .selectFrom("shops")
        .select("id")
        .where((eb) => eb(eb.fn("lower", ["name"]), "=", name.toLowerCase()))
        .executeTakeFirst();
      if (sameName) return nameTaken();

      const images = await storeImages(reply, [
        ["profile_image", body.profile_image],
        ["cover_image", body.cover_image],
      ]);
      if (!images) return reply;
      const discard = () => release(Object.values(images));
      let id: number;
      try {
        id = await db.transaction().execute(async (trx) => {
          const base = slugify(name, 70);
          const taken = await trx
            .selectFrom("shops")
            .select("id")
            .where("slug", "=", base)
            .executeTakeFirst();
          const row = await trx
            .insertInto("shops")
            .values({
              owner_id: me.id,
              name,
              slug: taken ? `${base}-${Math.random().toString(36).slice(2, 8)}` : base,
              bio: body.bio?.trim() ?? "",
              email: emptyToNull(body.email) ?? null,
              phone: emptyToNull(body.phone) ?? null,
              display_image: images.profile_image ?? null,
              cover_image: images.cover_image ?? null,
              location_latitude: body.location_latitude,
              location_longitude: body.location_longitude,
            })
            .returning("id")
            .executeTakeFirstOrThrow();
          await trx
            .insertInto("shop_categories")
            .values(
              categoryIds.map((categoryId, i) => ({
                shop_id: row.id,
                category_id: categoryId,
                position: i + 1,
              })),
            )
            .execute();
          return row.id;
        });
      } catch (error) {
        await discard();
        const index = uniqueViolation(error);
        if (index?.includes("name")) return nameTaken();
        throw error;
      }
      readCache.clear();
      return reply.code(201).send({ data: (await shops.byId(id))! });
    },
  );

  app.patch(
    `/${shopCalls.update.path}`,
    { schema: routeSchema(shopCalls.update, TAG), ...signedIn },
    async (request, reply) => {
      if (await refusedInput(request, reply, WORDING)) return reply;
      const id = request.params.id;
      const body = request.body;
      const shop = await db
        .selectFrom("shops")
        .select(["owner_id", "display_image", "cover_image"])
        .where("id", "=", id)
        .executeTakeFirst();
      if (!shop) return sendError(reply, 404, "shop_not_found", { detail: SHOP_NOT_FOUND });
      if (shop.owner_id !== currentUser(request).id)
        return sendError(reply, 403, "forbidden", { detail: m.notShopOwner });

      const images = await storeImages(reply, [
        ["display_image", body.display_image],
        ["cover_image", body.cover_image],
      ]);
      if (!images) return reply;
      const changes = {
        ...(body.email !== undefined && { email: emptyToNull(body.email) ?? null }),
        ...(body.phone !== undefined && { phone: emptyToNull(body.phone) ?? null }),
        ...(body.bio !== undefined && { bio: body.bio.trim() }),
        ...(images.display_image && { display_image: images.display_image }),
        ...(images.cover_image && { cover_image: images.cover_image }),
      };
      if (Object.keys(changes).length > 0) {
        try {
          await db.updateTable("shops").set(changes).where("id", "=", id).execute();
        } catch (error) {
          await release(Object.values(images));
          throw error;
        }
      }
      await release([
        images.display_image ? shop.display_image : null,
        images.cover_image ? shop.cover_image : null,
      ]);
      readCache.clear();
      return { data: (await shops.byId(id))! };
    },
  );
};
