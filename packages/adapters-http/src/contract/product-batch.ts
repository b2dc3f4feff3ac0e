import { PRODUCT_BATCH_MAX, PRODUCT_IMAGES_MAX } from "@katale/domain";
import { z } from "zod";
import { badRequestError, defineCalls, detailError, idValue } from "./common.js";
import { productFormFields, productWire } from "./products.js";

// Many products at once (POST product/batch/), a call of our own beside spec §7 for the command
// line's import. A module of its own: the web never loads it.

export { PRODUCT_BATCH_MAX };

/**
 * One product of product/batch/: the text fields of POST product/ as JSON, with `images` naming
 * pictures the shop's products already show instead of files.
 */
export const productBatchItem = z.object({
  product_name: productFormFields.product_name,
  description: productFormFields.description,
  price: productFormFields.price,
  in_stock: productFormFields.in_stock,
  category_id: idValue,
  sub_category_id: idValue,
  sku: productFormFields.sku,
  filter_values: productFormFields.filter_values,
  /** host paths (or URLs) of pictures products of the same shop show, 1 to 8, the first displayed */
  images: z.array(z.string().max(2_000)).min(1).max(PRODUCT_IMAGES_MAX),
});
export type ProductBatchItem = z.input<typeof productBatchItem>;

/** One product's outcome in product/batch/: the product added, or what POST product/ would answer. */
export const productBatchResult = z.union([
  z.object({ product: productWire }),
  z.object({
    status: z.number().int().describe("the status POST product/ would answer (400, 409, 429)"),
    error: badRequestError,
  }),
]);
export type ProductBatchResultWire = z.infer<typeof productBatchResult>;

export const productBatchCalls = defineCalls({
  createBatch: () => ({
    service: "shop",
    method: "POST",
    idempotent: true,
    path: "product/batch/",
    summary: `Add up to ${PRODUCT_BATCH_MAX} products to one of the user's shops at once (JSON; owner of shop_id only). Each item has the fields of POST product/ and is checked as it is, with the same limits, codes and words; instead of files its \`images\` name pictures the shop's products already show. Answers each item's outcome in order: the product added, or the status and body POST product/ would have answered; the others are added all the same`,
    auth: "token",
    encoding: "json",
    body: z.object({
      shop_id: idValue,
      products: z
        .array(z.record(z.string(), z.unknown()))
        .min(1)
        .max(PRODUCT_BATCH_MAX)
        .describe(
          "the products, each { product_name, description, price, in_stock, category_id, sub_category_id, sku?, filter_values?, images: [path, ...] }",
        ),
    }),
    response: {
      200: z.object({ data: z.array(productBatchResult) }),
      400: badRequestError,
      401: detailError,
      403: detailError,
      404: detailError,
    },
  }),
});
