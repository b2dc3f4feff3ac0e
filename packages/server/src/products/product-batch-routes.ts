import {
  type ProductBatchResultWire,
  type ProductWire,
  productBatchCalls,
  productBatchItem,
  routeSchema,
} from "@katale/adapters-http/contract";
import { moderationMessages, sellerServerMessages } from "@katale/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { z } from "zod";
import { currentUser, requireUser } from "../auth/authenticate.js";
import { refusedInput } from "../engagement/input-refusal.js";
import type { ErrorWords } from "../http/error-reply.js";
import { type FieldWording, fieldErrors } from "../http/field-errors.js";
import { SUB_CATEGORY_NOT_FOUND } from "../http/not-found-messages.js";
import { answerStopped, isWorkStopped, workSignal } from "../http/request-work.js";
import type { RouteDeps } from "../http/route-deps.js";
import { parseImagePath } from "../media/media-store.js";
import { newAccountAllowance, refusedSuspendedSeller } from "../moderation/posting-limits.js";
import { recordNewProducts } from "../notifications/product-events.js";
import { checkFilterValues } from "./product-filter-values.js";
import { PRODUCT_WORDING, refusedShop } from "./product-write-routes.js";
import { checkCategories, createProducts, type ImageRow, type NewProductRow } from "./product-writes.js";

// Many products at once (product/batch/, a call of our own for the command line's import): each
// item is checked as POST product/ checks its fields, with the same limits, codes and words, and
// answers what that call would have answered; the items that pass are added in one transaction.
// Instead of files, an item names pictures the shop's products already show (the import uploads a
// picture once, then lists it on every row that names the same file). Retry-safe with an
// Idempotency-Key, as the other creates.

const TAG = "products";
const m = sellerServerMessages;
const WORDING: FieldWording = { ...PRODUCT_WORDING, images: [m.imagesRequired, m.batchImagesInvalid] };

type Item = z.output<typeof productBatchItem>;
type Outcome = ProductBatchResultWire | undefined;

const refused = (status: number, code: string, words: ErrorWords): Outcome =>
  ({ status, error: { ...words, code } }) as Outcome;

export const productBatchRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
  const { db, readCache } = deps;

  app.post(
    `/${productBatchCalls.createBatch.path}`,
    {
      schema: routeSchema(productBatchCalls.createBatch, TAG),
      preHandler: requireUser(db),
      attachValidation: true,
      bodyLimit: 8 << 20,
    },
    async (request, reply) => {
      if (await refusedInput(request, reply)) return reply;
      const { shop_id: shopId, products: raw } = request.body;
      const user = currentUser(request);
      if (await refusedShop(db, reply, user, shopId)) return reply;
      if (await refusedSuspendedSeller(db, reply, user.id)) return reply;

      const outcomes: Outcome[] = new Array(raw.length);
      const items: (Item | undefined)[] = raw.map((body, index) => {
        const parsed = productBatchItem.safeParse(body);
        if (parsed.success) return parsed.data;
        const validation = parsed.error.issues.map((issue) => ({
          instancePath: `/${issue.path.join("/")}`,
          message: issue.message,
        }));
        outcomes[index] = refused(400, "invalid_input", fieldErrors({ validation }, body, WORDING));
        return undefined;
      });

      // A new account's daily limit, in the items' order.
      const allowance = await newAccountAllowance(db, user.id, deps.config.newAccountDailyProducts);
      let left = allowance?.left ?? Number.POSITIVE_INFINITY;
      items.forEach((item, index) => {
        if (item === undefined) return;
        if (left > 0) left--;
        else {
          outcomes[index] = refused(429, "new_account_limit", {
            detail: moderationMessages.newAccountDailyProducts(deps.config.newAccountDailyProducts),
          });
          items[index] = undefined;
        }
      });

      // The categories, filter values and pictures: each distinct one asked once.
      const categories = new Map<string, ReturnType<typeof checkCategories>>();
      const filters = new Map<string, ReturnType<typeof checkFilterValues>>();
      const paths = new Set<string>();
      for (const item of items) {
        if (item === undefined) continue;
        const pair = `${item.category_id}/${item.sub_category_id}`;
        if (!categories.has(pair))
          categories.set(pair, checkCategories(db, item.category_id, item.sub_category_id));
        for (const image of item.images) {
          const path = parseImagePath(image)?.path;
          if (path) paths.add(path);
        }
      }
      const pictures = await shopPictures(db, shopId, [...paths]);

      const rows: { index: number; row: NewProductRow }[] = [];
      for (const [index, item] of items.entries()) {
        if (item === undefined) continue;
        const check = await categories.get(`${item.category_id}/${item.sub_category_id}`)!;
        if (check === "unknown-category") {
          outcomes[index] = refused(400, "invalid_input", { category_id: [m.categoryUnknown] });
          continue;
        }
        if (check === "unknown-sub" || check === "other-category") {
          const message = check === "unknown-sub" ? SUB_CATEGORY_NOT_FOUND : m.subCategoryOfOtherCategory;
          outcomes[index] = refused(400, "invalid_input", { sub_category_id: [message] });
          continue;
        }
        let filterValues: number[] | undefined;
        if (item.filter_values !== undefined) {
          const key = `${item.sub_category_id}:${item.filter_values}`;
          if (!filters.has(key))
            filters.set(key, checkFilterValues(db, item.filter_values, item.sub_category_id));
          const values = await filters.get(key)!;
          if (!values.ok) {
            outcomes[index] = refused(400, "invalid_filter_value", { filter_values: [values.message] });
            continue;
          }
          filterValues = values.values;
        }
        const images = item.images.map((image) => pictures.get(parseImagePath(image)?.path ?? ""));
        if (images.some((image) => image === undefined)) {
          outcomes[index] = refused(400, "invalid_input", { images: [m.batchImageUnknown] });
          continue;
        }
        rows.push({
          index,
          row: {
            fields: {
              name: item.product_name,
              description: item.description,
              price: item.price,
              inStock: item.in_stock,
              categoryId: item.category_id,
              subCategoryId: item.sub_category_id,
              sku: item.sku ?? null,
              ...(filterValues && { filterValues }),
            },
            images: images as ImageRow[],
          },
        });
      }

      if (rows.length > 0) {
        const signal = workSignal(request, reply);
        let created: Awaited<ReturnType<typeof createProducts>>;
        try {
          created = await createProducts(
            db,
            shopId,
            rows.map(({ row }) => row),
            signal,
            (trx, ids) => recordNewProducts(deps.notifier, trx, user.id, shopId, ids),
          );
        } catch (error) {
          if (isWorkStopped(error)) return answerStopped(request, reply, error);
          throw error;
        }
        const ids = created.flatMap((result) => (result.ok ? [result.id] : []));
        readCache.drop({ table: "products", ids });
        const wires = await productWires(db, ids);
        created.forEach((result, k) => {
          const { index } = rows[k]!;
          outcomes[index] = result.ok
            ? { product: wires.get(result.id)! }
            : refused(409, "sku_taken", { sku: [m.skuTaken] });
        });
      }
      return { data: outcomes as ProductBatchResultWire[] };
    },
  );
};

/** The shop's stored pictures among `paths`, as a product_images row names them, by path. */
async function shopPictures(
  db: RouteDeps["db"],
  shopId: number,
  paths: readonly string[],
): Promise<Map<string, ImageRow>> {
  if (paths.length === 0) return new Map();
  const rows = await db
    .selectFrom("product_images as i")
    .innerJoin("products as p", "p.id", "i.product_id")
    .select(["i.path", "i.width", "i.height", "i.uploaded_sha256", "i.served_sha256"])
    .distinctOn("i.path")
    .where("p.shop_id", "=", shopId)
    .where("i.path", "in", paths)
    .orderBy("i.path")
    .execute();
  return new Map(rows.map((row) => [row.path, row]));
}

/** The products' wire form (hidden ones too: the owner added them), by id. */
async function productWires(db: RouteDeps["db"], ids: readonly number[]): Promise<Map<number, ProductWire>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom("products").select(["id", "wire"]).where("id", "in", ids).execute();
  return new Map(rows.map((row) => [row.id, JSON.parse(row.wire) as ProductWire]));
}
