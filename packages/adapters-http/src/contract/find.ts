import { LISTING_PAGE_SIZE } from "@katale/domain";
import { z } from "zod";
import {
  badRequestError,
  dataOf,
  defineCalls,
  detailError,
  idParam,
  idParams,
  noContent,
  pageParam,
  paginated,
  timestamp,
} from "./common.js";
import { productWire } from "./products.js";

// Finding products: one browse call for every narrowed listing, with its facets, and the searches a
// user saves (browse query strings). Calls of our own, beside spec §7.

/** A browse page holds at most this many products. */
export const BROWSE_PAGE_SIZE_MAX = 48;
/** `radius_km` when `near` is given without it. */
export const BROWSE_RADIUS_DEFAULT_KM = 10;
/** A user keeps at most this many saved searches. */
export const SAVED_SEARCHES_MAX = 20;

export const BROWSE_SORTS = ["newest", "price_asc", "price_desc", "rating", "nearest", "relevance"] as const;
export type BrowseSort = (typeof BROWSE_SORTS)[number];

/** One value or the same parameter repeated (`value=3&value=9`). */
const repeatable = <T extends z.ZodType>(one: T) => z.union([one, z.array(one).max(50)]).optional();
const wholeUgx = z
  .string()
  .regex(/^\d{1,13}$/, "must be a whole number of UGX")
  .transform(Number);
const flag = z.enum(["0", "1"]).optional().describe("1 to narrow, 0 or absent not to");

/** `near=lat,lng` as the numbers it holds, or null when it is not a point. */
export function parseNear(raw: string): { lat: number; lng: number } | null {
  const match = /^\s*(-?\d{1,3}(?:\.\d+)?)\s*,\s*(-?\d{1,3}(?:\.\d+)?)\s*$/.exec(raw);
  if (!match) return null;
  const lat = Number(match[1]);
  const lng = Number(match[2]);
  return Math.abs(lat) <= 90 && Math.abs(lng) <= 180 ? { lat, lng } : null;
}

/**
 * `near=lat,lng`, kept as the string sent (the read cache and page links read the query as
 * validated): parseNear reads it.
 */
const nearPoint = z
  .string()
  .max(60)
  .refine((raw) => parseNear(raw) !== null, "must be 'lat,lng' (lat -90..90, lng -180..180)");

/** The query of product/browse/ (also what a saved search stores, as a query string). */
export const browseQuery = z.object({
  category: idParam.optional().describe("category id"),
  subcategory: idParam.optional().describe("sub category id"),
  q: z.string().trim().min(1, "q must not be empty").max(200).optional().describe("search words"),
  value: repeatable(idParam).describe(
    "filter value id, repeatable: values of one filter are OR'ed, different filters AND'ed",
  ),
  price_min: wholeUgx.optional().describe("whole UGX, inclusive"),
  price_max: wholeUgx.optional().describe("whole UGX, inclusive"),
  district: repeatable(z.string().trim().min(1).max(60)).describe(
    "a district of Uganda, repeatable (any of them)",
  ),
  near: nearPoint.optional().describe("'lat,lng': products of shops within radius_km of it"),
  radius_km: z
    .string()
    .regex(/^\d{1,4}(\.\d+)?$/, "must be a number of km")
    .transform(Number)
    .pipe(z.number().gt(0, "must be above 0").max(1000, "must be at most 1000"))
    .optional()
    .describe(`km around near (default ${BROWSE_RADIUS_DEFAULT_KM})`),
  verified: flag,
  in_stock: flag,
  sort: z
    .enum(BROWSE_SORTS)
    .optional()
    .describe(
      "newest (default), price_asc, price_desc, rating, nearest (needs near), relevance (default with q)",
    ),
  page: pageParam,
  page_size: z
    .string()
    .regex(/^\d{1,3}$/, "page_size must be a whole number from 1 to 48")
    .transform(Number)
    .pipe(z.number().int().min(1).max(BROWSE_PAGE_SIZE_MAX, "page_size must be at most 48"))
    .optional()
    .describe(`products per page (default ${LISTING_PAGE_SIZE}, at most ${BROWSE_PAGE_SIZE_MAX})`),
});
export type BrowseQuery = z.infer<typeof browseQuery>;

export const browseFacetsWire = z.object({
  filters: z.array(
    z.object({
      filter_id: z.number().int(),
      filter_name: z.string(),
      values: z.array(
        z.object({ value_id: z.number().int(), value_name: z.string(), count: z.number().int() }),
      ),
    }),
  ),
  /** the narrowed products' lowest and highest price (every narrowing but the price's); null for none */
  price: z.object({ min: z.number().int().nullable(), max: z.number().int().nullable() }),
  districts: z.array(z.object({ district: z.string(), count: z.number().int() })),
  /** how many of them are of verified shops (every narrowing but verified=1) */
  verified: z.number().int(),
  /** how many of them are in stock (every narrowing but in_stock=1) */
  in_stock: z.number().int(),
});
export type BrowseFacetsWire = z.infer<typeof browseFacetsWire>;

export const browseAnswer = paginated(productWire).extend({ facets: browseFacetsWire });
export type BrowseAnswerWire = z.infer<typeof browseAnswer>;

export const savedSearchWire = z.object({
  id: z.number().int(),
  name: z.string(),
  /** a product/browse/ query string, as saved (`category=2&value=9`) */
  query: z.string(),
  created_at: timestamp,
});
export type SavedSearchWire = z.infer<typeof savedSearchWire>;

export const findCalls = defineCalls({
  browse: () => ({
    service: "shop",
    method: "GET",
    path: "product/browse/",
    summary:
      "Products narrowed by category, sub category, search words, filter values, price, district, distance, verified shops and stock, sorted and paginated, with facets: each filter's counts apply every other narrowing but not that filter's own values (likewise price, districts, verified, in_stock). 400 names a wrong parameter; 404 'Invalid page.' past the end",
    querystring: browseQuery,
    response: { 200: browseAnswer, 400: detailError, 404: detailError },
  }),
  saveSearch: () => ({
    service: "shop",
    method: "POST",
    path: "saved-search/",
    summary: `Save a browse query string under a name (at most ${SAVED_SEARCHES_MAX} per user: 400 too_many_saved_searches)`,
    auth: "token",
    body: z.object({
      name: z.string().trim().min(1, "name must not be empty").max(100),
      query: z.string().trim().max(2000).describe("the product/browse/ query string, without '?'"),
    }),
    response: { 201: dataOf(savedSearchWire), 400: badRequestError, 401: detailError },
  }),
  savedSearches: () => ({
    service: "shop",
    method: "GET",
    path: "saved-search/",
    summary: "The user's saved searches, newest first",
    auth: "token",
    response: { 200: z.object({ data: z.array(savedSearchWire) }), 401: detailError },
  }),
  deleteSavedSearch: () => ({
    service: "shop",
    method: "DELETE",
    path: "saved-search/:id/",
    summary: "Delete one of the user's saved searches (another user's: 404)",
    auth: "token",
    params: idParams("id"),
    response: { 204: noContent, 400: detailError, 401: detailError, 404: detailError },
  }),
});
