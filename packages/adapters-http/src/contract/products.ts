import {
  INFINITE_SCROLL_PAGE_SIZE,
  LISTING_PAGE_SIZE,
  PAGE_SIZE_MAX,
  PRODUCT_IMAGES_MAX,
  RATING_MAX,
  SEARCH_RESULTS_MAX,
  SHOP_SHARE_MAX,
  SKU_MAX_LENGTH,
  TRENDING_DAYS,
} from "@katale/domain";
import { z } from "zod";
import {
  badRequestError,
  dataOf,
  defineCalls,
  detailError,
  fieldErrors,
  fileField,
  idParams,
  idValue,
  imagePath,
  limitParam,
  noContent,
  numberOrText,
  pageParam,
  pageQuery,
  pageSizeParam,
  paginated,
  verificationStatus,
  WHOLE_TEXT,
} from "./common.js";

// Products (spec §3, §7), shop service. Public lists hold only products with in_stock > 0, newest
// first, unless the call says otherwise.

export const productWire = z.object({
  product_id: z.number().int(),
  product_name: z.string(),
  slug: z.string(),
  description: z.string(),
  /** integer UGX */
  price: z.number().int().min(0),
  in_stock: z.number().int().min(0),
  /** host paths (`/media/products/x.webp`); the first is the display image */
  images: z.array(imagePath),
  shop_id: z.number().int(),
  shop_name: z.string(),
  shop_verification_status: verificationStatus,
  category_id: z.number().int(),
  category_name: z.string(),
  sub_category_id: z.number().int(),
  sub_category_name: z.string(),
  /** 0–5, one decimal (stored ratings are 0–10) */
  average_rating: z.number().min(0).max(RATING_MAX),
  number_of_users_rated: z.number().int().min(0),
  /** the owner's own key, unique within the shop (issue 9); null when none was given */
  sku: z.string().nullable().optional(),
});
export type ProductWire = z.infer<typeof productWire>;

/** One filter value a product carries: the filter of its sub category and the value chosen. */
export const productFilterWire = z.object({
  filter_id: z.number().int(),
  filter_name: z.string(),
  value_id: z.number().int(),
  value_name: z.string(),
});
export type ProductFilterWire = z.infer<typeof productFilterWire>;

/** A product as its own page shows it: the listing form and its filter values (by filter id). */
export const productDetailWire = productWire.extend({
  filters: z.array(productFilterWire),
  /** Only on the owner's (or an admin's) read of a product moderators hid; everyone else gets 404. */
  moderation: z
    .object({ hidden: z.literal(true), note: z.string() })
    .optional()
    .describe("present only for the owner of a hidden product: 'Hidden by moderators: <note>'"),
});
export type ProductDetailWire = z.infer<typeof productDetailWire>;

/** product/shop/{shopId}/ lists at most this many; number_of_products is the full count. */
export const SHOP_PRODUCTS_MAX = 1000;

/** page_size of product/shop/{shopId}/paginated/: default and cap. */
export const SHOP_PAGE_SIZE = 100;
export const SHOP_PAGE_SIZE_MAX = 1000;

/**
 * What identifies one picture of a product: the SHA-256 (hex) of the file uploaded and of the file
 * served at its path. Either is null for a picture stored before they were kept (the served one is
 * filled in when first asked).
 */
export const imageHashes = z.object({
  uploaded_sha256: z.string().nullable(),
  served_sha256: z.string().nullable(),
});

/**
 * A product as its owner's tools read it: the wire product, its pictures' hashes, in order, and its
 * filter values (by filter id).
 */
export const ownedProductWire = productWire.extend({
  image_hashes: z.array(imageHashes),
  filters: z.array(productFilterWire),
});
export type OwnedProductWire = z.infer<typeof ownedProductWire>;

const productData = dataOf(productDetailWire);
const productList = z.object({ data: z.array(productWire) });
const productPage = paginated(productWire);
const notFound = detailError.describe("'Product not found'");
const invalidPage = detailError.describe("'Invalid page.' or the listing's not-found message");

/** A whole number from a form field ("12"), or from JSON; "" and "1.5" are refused. */
const wholeNumber = (min: number, max: number) =>
  numberOrText(z.number().int().min(min).max(max), WHOLE_TEXT);

/**
 * Multipart fields of a product form; `image_1`..`image_N` are the files (N = number_of_images,
 * 1 to 8 on create). `sku` is the owner's own key, unique within the shop (issue 9).
 */
export const productFormFields = {
  product_name: z.string().trim().min(1).max(200),
  description: z.string().trim().min(1).max(10_000),
  /** whole UGX, above 0 */
  price: wholeNumber(1, 1_000_000_000_000),
  /** whole, 0 or more; 0 moves the product to the shop's Out stock tab */
  in_stock: wholeNumber(0, 1_000_000),
  category_id: idValue,
  sub_category_id: idValue,
  number_of_images: wholeNumber(0, PRODUCT_IMAGES_MAX),
  sku: z.string().trim().min(1).max(SKU_MAX_LENGTH).optional(),
  /** JSON array of filter value ids ("[3,9]"), at most one per filter of the sub category */
  filter_values: z
    .string()
    .max(2_000)
    .optional()
    .describe(
      "JSON array of filter value ids, each of a filter of the product's sub category, at most one per filter (400 invalid_filter_value otherwise); on edit it replaces the product's values, and a new sub category drops values of the old one's filters",
    ),
  token: z.string().optional().describe("fallback for the Authorization header"),
};
const formFlag = z.enum(["true", "false"]).optional();
const skuTaken = fieldErrors.describe("'sku_taken': another product of the shop has this SKU");

export const productCalls = defineCalls({
  list: () => ({
    service: "shop",
    method: "GET",
    path: "product/",
    summary: `Newest in-stock products, at most ${PAGE_SIZE_MAX} (use product/paginated/ for more)`,
    response: { 200: productList },
  }),
  getById: () => ({
    service: "shop",
    method: "GET",
    path: "product/:id/",
    summary: "One product by id (also out of stock); 404 'Product not found'",
    params: idParams("id"),
    response: { 200: productData, 400: detailError, 404: notFound },
  }),
  getBySlug: () => ({
    service: "shop",
    method: "GET",
    path: "product/slug/:slug/",
    summary: "One product by slug (also out of stock); 404 'Product not found'",
    params: z.object({ slug: z.string().min(1).max(300) }),
    response: { 200: productData, 400: detailError, 404: notFound },
  }),
  trending: () => ({
    service: "shop",
    method: "GET",
    path: "product/trending/",
    summary: `Trending: in-stock products people rated, saved and viewed most over the last ${TRENDING_DAYS} days, then the most rated, at most ${SHOP_SHARE_MAX} of one shop`,
    response: { 200: productList },
  }),
  forYou: () => ({
    service: "shop",
    method: "GET",
    path: "product/for-you/",
    summary: `For you: the in-stock products of product/paginated/, newest first, with at most ${SHOP_SHARE_MAX} of one shop on a page while other shops have products left`,
    querystring: pageQuery(INFINITE_SCROLL_PAGE_SIZE),
    response: { 200: productPage, 400: detailError, 404: invalidPage },
  }),
  paginated: () => ({
    service: "shop",
    method: "GET",
    path: "product/paginated/",
    summary: "In-stock products, newest first, paginated (page_size default 8)",
    querystring: pageQuery(INFINITE_SCROLL_PAGE_SIZE),
    response: { 200: productPage, 400: detailError, 404: invalidPage },
  }),
  byCategory: () => ({
    service: "shop",
    method: "GET",
    path: "product/category/:id/",
    summary: "In-stock products of a category, paginated; 404 'Category not found'",
    params: idParams("id"),
    querystring: pageQuery(LISTING_PAGE_SIZE),
    response: { 200: productPage, 400: detailError, 404: invalidPage },
  }),
  bySubCategory: () => ({
    service: "shop",
    method: "GET",
    path: "product/sub-category/:id/",
    summary: "In-stock products of a sub category, paginated; 404 'Sub category not found'",
    params: idParams("id"),
    querystring: pageQuery(LISTING_PAGE_SIZE),
    response: { 200: productPage, 400: detailError, 404: invalidPage },
  }),
  fromFollowedShops: () => ({
    service: "shop",
    method: "GET",
    path: "product/from-followed-shops/",
    summary: `In-stock products of the shops the user follows, newest first, at most ${PAGE_SIZE_MAX}`,
    auth: "token",
    response: { 200: productList, 401: detailError },
  }),
  byShop: () => ({
    service: "shop",
    method: "GET",
    path: "product/shop/:shopId/",
    summary: `A shop's in-stock products (or, with stock_type=out, its out-of-stock ones), newest first, at most limit (default and cap ${SHOP_PRODUCTS_MAX}); number_of_products counts them all; 404 'Shop not found'`,
    params: idParams("shopId"),
    querystring: z.object({
      stock_type: z.enum(["in", "out"]).optional(),
      limit: limitParam(SHOP_PRODUCTS_MAX, SHOP_PRODUCTS_MAX),
    }),
    response: {
      200: z.object({ data: z.array(productWire), number_of_products: z.number().int().min(0) }),
      400: detailError,
      404: detailError,
    },
  }),
  byShopPaged: () => ({
    service: "shop",
    method: "GET",
    path: "product/shop/:shopId/paginated/",
    summary: `Every product of a shop, in and out of stock (stock_type=in or out for one tab), oldest first, paginated (page_size default ${SHOP_PAGE_SIZE}, at most ${SHOP_PAGE_SIZE_MAX}); each with image_hashes, the SHA-256 of each picture as uploaded and as served; 404 'Shop not found' or 'Invalid page.'`,
    params: idParams("shopId"),
    querystring: z.object({
      stock_type: z.enum(["in", "out", "all"]).optional(),
      page: pageParam,
      page_size: pageSizeParam(SHOP_PAGE_SIZE, SHOP_PAGE_SIZE_MAX),
    }),
    response: { 200: paginated(ownedProductWire), 400: detailError, 404: invalidPage },
  }),
  related: () => ({
    service: "shop",
    method: "GET",
    path: "product/related/:id/",
    summary:
      "'Related products from other shops': in-stock products of the product's sub category sold by other shops, newest first; 404 'Product not found'",
    params: idParams("id"),
    querystring: z.object({ limit: limitParam(LISTING_PAGE_SIZE, PAGE_SIZE_MAX) }),
    response: { 200: productList, 400: detailError, 404: notFound },
  }),
  search: () => ({
    service: "shop",
    method: "POST",
    path: "product/search/",
    summary: `Full-text and typo-tolerant search of in-stock products, best first, at most ${SEARCH_RESULTS_MAX}`,
    body: z.object({ search_query: z.string().trim().min(1, "search_query must not be empty").max(200) }),
    /** 429: the address's searches a minute are used up; 503: search is busy. Both with Retry-After. */
    response: {
      200: z.object({ products: z.array(productWire) }),
      400: detailError,
      429: detailError,
      503: detailError,
    },
  }),
  create: () => ({
    service: "shop",
    method: "POST",
    idempotent: true,
    path: "product/",
    summary: `Add a product to one of the user's shops (multipart; image_1..image_N, 1 to ${PRODUCT_IMAGES_MAX} images; optional sku); owner of shop_id only`,
    auth: "token",
    encoding: "multipart",
    body: z
      .object({
        ...productFormFields,
        /** may be left out: the image_N fields sent are counted */
        number_of_images: productFormFields.number_of_images.optional(),
        shop_id: idValue,
      })
      .catchall(fileField),
    response: {
      201: productData,
      400: badRequestError,
      401: detailError,
      403: detailError,
      404: detailError,
      409: skuTaken,
      413: detailError,
      /** new_account_limit: an account less than a day old listed its day's most products; Retry-After. */
      429: detailError,
    },
  }),
  update: () => ({
    service: "shop",
    method: "PATCH",
    path: "product/:id/",
    summary:
      "Edit a product (multipart; fields not sent stay; removed_images_urls as a JSON array, image_N added after the kept images); owner only",
    auth: "token",
    encoding: "multipart",
    params: idParams("id"),
    body: z
      .object({
        product_name: productFormFields.product_name.optional(),
        description: productFormFields.description.optional(),
        price: productFormFields.price.optional(),
        in_stock: productFormFields.in_stock.optional(),
        category_id: idValue.optional(),
        sub_category_id: idValue.optional(),
        number_of_images: productFormFields.number_of_images.optional(),
        /** "" clears the SKU */
        sku: z.string().trim().max(SKU_MAX_LENGTH).optional(),
        /** JSON array of image URLs as the product answer gives them (host paths or absolute URLs) */
        removed_images_urls: z.string().max(20_000).optional(),
        filter_values: productFormFields.filter_values,
        are_there_removed_images: formFlag,
        are_images_modified: formFlag,
        are_there_added_images: formFlag,
        token: productFormFields.token,
      })
      .catchall(fileField),
    response: {
      200: productData,
      400: badRequestError,
      401: detailError,
      403: detailError,
      404: detailError,
      409: skuTaken,
      413: detailError,
    },
  }),
  remove: () => ({
    service: "shop",
    method: "DELETE",
    path: "product/:id/",
    summary:
      "Delete a product of one of the user's shops with its images, saves, history, ratings and reviews; owner or an admin",
    auth: "token",
    params: idParams("id"),
    response: { 204: noContent, 400: detailError, 401: detailError, 403: detailError, 404: detailError },
  }),
});
