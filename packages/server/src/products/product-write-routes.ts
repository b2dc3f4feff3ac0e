import { productCalls, routeSchema } from "@katale/adapters-http/contract";
import { messages, PRODUCT_IMAGES_MAX, sellerServerMessages } from "@katale/domain";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { type AuthUser, currentUser, requireUser } from "../auth/authenticate.js";
import { sha256 } from "../auth/secrets.js";
import { refusedInput } from "../engagement/input-refusal.js";
import { sendError } from "../http/error-reply.js";
import type { FieldWording } from "../http/field-errors.js";
import { PRODUCT_NOT_FOUND, SHOP_NOT_FOUND, SUB_CATEGORY_NOT_FOUND } from "../http/not-found-messages.js";
import { answerStopped, isWorkStopped, stopIfAborted, stoppedOr, workSignal } from "../http/request-work.js";
import type { RouteDeps } from "../http/route-deps.js";
import { registerSpooledUploads, spoolDir, spooledFileOf } from "../http/spooled-uploads.js";
import { imageRefusal, sendFileRefusal } from "../http/uploads.js";
import { stillShown } from "../media/media-references.js";
import { parseImagePath } from "../media/media-store.js";
import { writeAudit } from "../moderation/audit-log.js";
import { refusedNewAccountProduct, refusedSuspendedSeller } from "../moderation/posting-limits.js";
import { recordNewProduct, recordPriceAndStock } from "../notifications/product-events.js";
import { filterValuesOf } from "./product-filter-values.js";
import { IMAGE_FIELD, imageFields, parseRemoved } from "./product-form-fields.js";
import { ProductRepository } from "./product-repository.js";
import {
  checkCategories,
  createProduct,
  deleteProduct,
  type ImageRow,
  type ProductFields,
  productImages,
  productOwner,
  updateProduct,
} from "./product-writes.js";

// Adding, editing and deleting products (spec §7 POST/PATCH/DELETE product/, issue 9). Only the
// owner of the product's shop writes; an admin may delete (moderation, as with reviews) but not add
// or edit. Images are checked by content and stored as the seed's are (WebP, at most 1,200 px, with
// -240/-480/-800 variants) before the transaction; when anything fails they are removed again, and
// an edit or delete removes the files no row shows any more after it commits.

const TAG = "products";
const m = sellerServerMessages;

export const PRODUCT_WORDING: FieldWording = {
  product_name: [m.productNameRequired, m.productNameTooLong],
  description: [m.descriptionRequired, m.descriptionTooLong],
  price: [m.priceInvalid, m.priceInvalid],
  in_stock: [m.stockInvalid, m.stockInvalid],
  category_id: [m.categoryRequired, m.categoryUnknown],
  sub_category_id: [messages.products.subCategoryNotSelected, messages.products.subCategoryNotSelected],
  shop_id: [m.shopIdRequired, messages.api.shopNotFound],
  number_of_images: [m.numberOfImagesInvalid, m.numberOfImagesInvalid],
  sku: [m.skuInvalid, m.skuInvalid],
  removed_images_urls: [m.removedImagesInvalid, m.removedImagesInvalid],
};

const fieldError = (reply: FastifyReply, field: string, message: string) =>
  sendError(reply, 400, "invalid_input", { [field]: [message] });

/** Answers 404 for an unknown shop, 403 for a shop of someone else; false when the user owns it. */
export async function refusedShop(
  db: RouteDeps["db"],
  reply: FastifyReply,
  user: AuthUser,
  shopId: number,
): Promise<boolean> {
  const shop = await db.selectFrom("shops").select("owner_id").where("id", "=", shopId).executeTakeFirst();
  if (!shop) await sendError(reply, 404, "shop_not_found", { detail: SHOP_NOT_FOUND });
  else if (shop.owner_id !== user.id) await sendError(reply, 403, "forbidden", { detail: m.notShopOwner });
  else return false;
  return true;
}

export const productWriteRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
  const { db, media, readCache } = deps;
  const products = new ProductRepository(db);
  await registerSpooledUploads(app, db, { maxFiles: PRODUCT_IMAGES_MAX, spoolDir: spoolDir(deps.config) });
  const signedIn = { preHandler: requireUser(db), attachValidation: true };

  /** Removes images no row shows any more (seed images are named by content and may be shared). */
  const release = async (paths: readonly string[]) => {
    for (const path of paths) if (!(await stillShown(db, path))) await media.deleteImage(path);
  };

  /**
   * Stores the image_N files in order; on a refusal removes what it stored and answers. Throws
   * `WorkStopped` (having removed them) when the request's work is stopped.
   */
  async function storeImages(
    reply: FastifyReply,
    files: readonly [string, unknown][],
    signal: AbortSignal,
  ): Promise<ImageRow[] | null> {
    const stored: ImageRow[] = [];
    for (const [field, value] of files) {
      const upload = spooledFileOf(value);
      const bytes = upload.ok ? await upload.read() : null;
      const result = upload.ok ? await media.processImage(bytes!, { kind: "products", signal }) : upload;
      if (result.ok)
        stored.push({
          path: result.path,
          width: result.width,
          height: result.height,
          uploaded_sha256: bytes && sha256(bytes),
          served_sha256: result.servedSha256,
        });
      if (signal.aborted) await release(stored.map((image) => image.path));
      stopIfAborted(signal);
      if (!result.ok) {
        await release(stored.map((image) => image.path));
        const refused = "code" in result ? result : imageRefusal(result);
        await sendFileRefusal(reply, refused, (message) => fieldError(reply, field, message));
        return null;
      }
    }
    return stored;
  }

  // A FastifyReply is thenable: these answer and say true, never hand the reply back to an await.

  /** Answers 400 with the field at fault when the sub category is not one of the category's. */
  async function refusedCategories(reply: FastifyReply, categoryId: number, subCategoryId: number) {
    const check = await checkCategories(db, categoryId, subCategoryId);
    if (check === "ok") return false;
    if (check === "unknown-category") await fieldError(reply, "category_id", m.categoryUnknown);
    else if (check === "unknown-sub") await fieldError(reply, "sub_category_id", SUB_CATEGORY_NOT_FOUND);
    else await fieldError(reply, "sub_category_id", m.subCategoryOfOtherCategory);
    return true;
  }

  app.post(
    `/${productCalls.create.path}`,
    { schema: routeSchema(productCalls.create, TAG), ...signedIn },
    async (request, reply) => {
      if (await refusedInput(request, reply, PRODUCT_WORDING)) return reply;
      const body = request.body;
      const user = currentUser(request);
      if (await refusedShop(db, reply, user, body.shop_id)) return reply;
      if (await refusedSuspendedSeller(db, reply, user.id)) return reply;
      if (await refusedNewAccountProduct(db, reply, user.id, deps.config.newAccountDailyProducts))
        return reply;
      if (await refusedCategories(reply, body.category_id, body.sub_category_id)) return reply;
      const filterValues = await filterValuesOf(db, reply, body.filter_values, body.sub_category_id);
      if (filterValues === null) return reply;
      const files = imageFields(body, body.number_of_images);
      if (!files.ok) return fieldError(reply, "number_of_images", files.message);
      if (files.values.length === 0) return fieldError(reply, "image_1", m.imagesRequired);

      const signal = workSignal(request, reply);
      const images = await storeImages(reply, files.values, signal).catch(stoppedOr(request, reply));
      if (!images) return reply;
      const fields: ProductFields = {
        name: body.product_name,
        description: body.description,
        price: body.price,
        inStock: body.in_stock,
        categoryId: body.category_id,
        subCategoryId: body.sub_category_id,
        sku: body.sku ?? null,
        ...(filterValues && { filterValues }),
      };
      let created: Awaited<ReturnType<typeof createProduct>>;
      try {
        created = await createProduct(db, body.shop_id, fields, images, signal, (trx, productId) =>
          recordNewProduct(deps.notifier, trx, user.id, body.shop_id, productId),
        );
      } catch (error) {
        await release(images.map((image) => image.path));
        if (isWorkStopped(error)) return answerStopped(request, reply, error);
        throw error;
      }
      if (!created.ok) {
        await release(images.map((image) => image.path));
        return sendError(reply, 409, "sku_taken", { sku: [m.skuTaken] });
      }
      readCache.drop({ table: "products", ids: [created.id] });
      const product = await products.byId(created.id);
      return reply.code(201).send({ data: product! });
    },
  );

  app.patch(
    `/${productCalls.update.path}`,
    { schema: routeSchema(productCalls.update, TAG), ...signedIn },
    async (request, reply) => {
      if (await refusedInput(request, reply, PRODUCT_WORDING)) return reply;
      const id = request.params.id;
      const body = request.body;
      const owner = await productOwner(db, id);
      if (!owner) return sendError(reply, 404, "product_not_found", { detail: PRODUCT_NOT_FOUND });
      if (owner.ownerId !== currentUser(request).id)
        return sendError(reply, 403, "forbidden", { detail: m.notShopOwner });
      if (await refusedSuspendedSeller(db, reply, owner.ownerId)) return reply;
      const current = (await products.byId(id))!;

      const categoryId = body.category_id ?? current.category_id;
      const subCategoryId = body.sub_category_id ?? current.sub_category_id;
      if (body.category_id !== undefined || body.sub_category_id !== undefined) {
        if (await refusedCategories(reply, categoryId, subCategoryId)) return reply;
      }
      const filterValues = await filterValuesOf(db, reply, body.filter_values, subCategoryId);
      if (filterValues === null) return reply;

      // Images: the kept ones in their order, less removed_images_urls, then the image_N sent.
      const removedUrls =
        body.are_there_removed_images === "false" ? [] : parseRemoved(body.removed_images_urls);
      if (removedUrls === null) return fieldError(reply, "removed_images_urls", m.removedImagesInvalid);
      const before = await productImages(db, id);
      const removed = new Set<string>();
      for (const url of removedUrls) {
        const path = parseImagePath(url)?.path;
        if (!path || !before.some((image) => image.path === path))
          return fieldError(reply, "removed_images_urls", m.removedImageUnknown);
        removed.add(path);
      }
      const kept = before.filter((image) => !removed.has(image.path));
      // number_of_images counts the image_N sent; a client counting every image the product will
      // show (kept + sent) is understood too.
      const sent = Object.keys(body).filter((field) => IMAGE_FIELD.test(field)).length;
      const declared =
        body.number_of_images === kept.length + sent && body.number_of_images !== sent
          ? sent
          : body.number_of_images;
      const files = imageFields(body, declared);
      if (!files.ok) return fieldError(reply, "number_of_images", files.message);
      if (kept.length + files.values.length === 0) return fieldError(reply, "images", m.lastImage);
      if (kept.length + files.values.length > PRODUCT_IMAGES_MAX)
        return fieldError(reply, "number_of_images", m.tooManyImages);

      const signal = workSignal(request, reply);
      const added = await storeImages(reply, files.values, signal).catch(stoppedOr(request, reply));
      if (!added) return reply;
      const imagesChanged = removed.size > 0 || added.length > 0;
      const fields: Partial<ProductFields> = {
        ...(body.product_name !== undefined && { name: body.product_name }),
        ...(body.description !== undefined && { description: body.description }),
        ...(body.price !== undefined && { price: body.price }),
        ...(body.in_stock !== undefined && { inStock: body.in_stock }),
        ...(body.category_id !== undefined && { categoryId }),
        ...(body.sub_category_id !== undefined && { subCategoryId }),
        ...(body.sku !== undefined && { sku: body.sku === "" ? null : body.sku }),
        ...(filterValues && { filterValues }),
      };
      let updated: Awaited<ReturnType<typeof updateProduct>>;
      try {
        updated = await updateProduct(
          db,
          id,
          owner.shopId,
          fields,
          imagesChanged ? [...kept, ...added] : undefined,
          signal,
          (trx, before, after) => recordPriceAndStock(deps.notifier, trx, owner.ownerId, id, before, after),
        );
      } catch (error) {
        await release(added.map((image) => image.path));
        if (isWorkStopped(error)) return answerStopped(request, reply, error);
        throw error;
      }
      if (!updated.ok) {
        await release(added.map((image) => image.path));
        return sendError(reply, 409, "sku_taken", { sku: [m.skuTaken] });
      }
      await release([...removed]);
      readCache.drop({ table: "products", ids: [id] });
      return { data: (await products.byId(id))! };
    },
  );

  app.delete(
    `/${productCalls.remove.path}`,
    { schema: routeSchema(productCalls.remove, TAG), ...signedIn },
    async (request, reply) => {
      if (await refusedInput(request, reply)) return reply;
      const id = request.params.id;
      const me = currentUser(request);
      const owner = await productOwner(db, id);
      if (!owner) return sendError(reply, 404, "product_not_found", { detail: PRODUCT_NOT_FOUND });
      if (owner.ownerId !== me.id && !me.isAdmin)
        return sendError(reply, 403, "forbidden", { detail: m.notShopOwner });
      // An admin removing someone else's product is moderation: noted in the audit log.
      const audited =
        owner.ownerId === me.id
          ? undefined
          : async (trx: typeof db) => {
              await writeAudit(trx, request, {
                action: "product.delete",
                target: "product",
                targetId: id,
                before: { shop_id: owner.shopId },
              });
            };
      await release(await deleteProduct(db, id, audited));
      readCache.drop({ table: "products", ids: [id] });
      return reply.code(204).send(null);
    },
  );
};
