import {
  FEATURED_SHOPS_COUNT,
  PAGE_SIZE_MAX,
  PHONE_MAX_LENGTH,
  RATING_MAX,
  SHOP_CATEGORIES_MAX,
  SHOP_NAME_MAX_LENGTH,
} from "@katale/domain";
import { z } from "zod";
import {
  badRequestError,
  blankAsMissing,
  dataOf,
  defineCalls,
  detailError,
  fileField,
  INT4_MAX,
  idParams,
  idValue,
  latitude,
  limitParam,
  longitude,
  verificationStatus,
} from "./common.js";

// Shops and their followers (spec §3, §7), shop service. Following itself is in engagement.ts.

export const shopWire = z.object({
  id: z.number().int(),
  name: z.string(),
  bio: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  display_image: z.string().nullable(),
  cover_image: z.string().nullable(),
  /** the owner's user id */
  owner: z.number().int(),
  verification_status: verificationStatus,
  /** 0–5, one decimal: the average rating over the shop's rated products */
  rating: z.number().min(0).max(RATING_MAX),
  /** up to 3 category ids, in the order the owner chose them */
  category: z.array(z.number().int()).max(SHOP_CATEGORIES_MAX),
  location_latitude: z.number().nullable(),
  location_longitude: z.number().nullable(),
  /** the district of Uganda the location lies in (the built-in gazetteer); null without a location */
  district: z.string().nullable().optional(),
});
export type ShopWire = z.infer<typeof shopWire>;

export const featuredShopWire = z.object({
  shop: shopWire,
  /** same scale as `rating` (0–5, one decimal) */
  average_total_rating: z.number().min(0).max(RATING_MAX),
});
export type FeaturedShopWire = z.infer<typeof featuredShopWire>;

export const followersWire = z.object({
  shop: z.object({ id: z.number().int(), name: z.string(), number_of_followers: z.number().int().min(0) }),
  followers: z.array(z.object({ name: z.string(), profile_picture: z.string().nullable() })),
});
export type FollowersWire = z.infer<typeof followersWire>;

/** Category ids: a JSON array, or in a form a comma-separated list ("1,2,3"); at most 3 (spec §9). */
const shopCategories = z.union([
  z.array(idValue).min(1).max(SHOP_CATEGORIES_MAX, `A shop has at most ${SHOP_CATEGORIES_MAX} categories`),
  z
    .string()
    .regex(/^\d{1,10}(,\d{1,10}){0,2}$/, "category must be 1 to 3 comma-separated ids")
    .transform((s) => s.split(",").map(Number)),
]);
/** `?ids=3,1`: shop ids, comma-separated; each shop is answered once, in the order first named. */
const shopIds = z
  .string()
  .max(12 * PAGE_SIZE_MAX)
  .regex(/^\d{1,10}(,\d{1,10})*$/, "ids must be comma-separated shop ids")
  .optional()
  .transform((raw) => raw?.split(",").map(Number))
  .pipe(
    z
      .array(z.number().int().min(1, "ids must be shop ids").max(INT4_MAX))
      .max(PAGE_SIZE_MAX, `ids names at most ${PAGE_SIZE_MAX} shops`)
      .optional(),
  )
  .describe(`comma-separated shop ids, at most ${PAGE_SIZE_MAX}`);
/** `?name=Mukono Sports Arena`: a shop's name as someone types it (`katale follow <name>`). */
const shopName = z
  .string()
  .trim()
  .min(1, "name must not be blank")
  .max(SHOP_NAME_MAX_LENGTH)
  .optional()
  .describe("a shop's name; case and runs of spaces do not matter");
const shopPhone = z.string().trim().max(PHONE_MAX_LENGTH);
const tokenField = z.string().min(1).optional().describe("fallback for the Authorization header");
const shopData = dataOf(shopWire);

export const shopCalls = defineCalls({
  list: () => ({
    service: "shop",
    method: "GET",
    path: "shop/",
    summary: `All shops, newest first; with ids=1,2 (at most ${PAGE_SIZE_MAX}) those shops only, in that order; with name= the shops of that name, case and runs of spaces aside`,
    querystring: z.object({ ids: shopIds, name: shopName }),
    response: { 200: z.object({ data: z.array(shopWire) }), 400: detailError },
  }),
  getById: () => ({
    service: "shop",
    method: "GET",
    path: "shop/:id/",
    summary: "One shop; 404 'Shop not found'",
    params: idParams("id"),
    response: { 200: shopData, 400: detailError, 404: detailError },
  }),
  topRated: () => ({
    service: "shop",
    method: "GET",
    path: "shop/top-rated/",
    summary: `Shops by average product rating, best first (default ${FEATURED_SHOPS_COUNT}, limit at most ${PAGE_SIZE_MAX})`,
    querystring: z.object({ limit: limitParam(FEATURED_SHOPS_COUNT, PAGE_SIZE_MAX) }),
    response: { 200: z.object({ data: z.array(featuredShopWire) }), 400: detailError },
  }),
  byUser: () => ({
    service: "shop",
    method: "GET",
    path: "shop/getshopsunderauser/:token/",
    summary: "Shops the token's user owns, newest first (the token in the path, as spec §7 has it)",
    auth: "token",
    params: z.object({ token: z.string().min(1).max(200) }),
    response: { 200: z.object({ data: z.array(shopWire) }), 401: detailError },
  }),
  mine: () => ({
    service: "shop",
    method: "GET",
    path: "shop/mine/",
    summary:
      "Shops the signed-in user owns, newest first: shop/getshopsunderauser/{token}/ with the token in the Authorization header instead of the path (issue 9)",
    auth: "token",
    response: { 200: z.object({ data: z.array(shopWire) }), 401: detailError },
  }),
  create: () => ({
    service: "shop",
    method: "POST",
    idempotent: true,
    path: "shop/",
    summary:
      "Create a shop owned by the token's user (JSON or multipart with profile_image, cover_image); name unique whatever its case (409 shop_name_taken); refused while moderators suspend a shop of theirs (403 shop_suspended)",
    auth: "token",
    encoding: "multipart",
    body: z.object({
      name: z.string().trim().min(1).max(120),
      category: shopCategories,
      token: tokenField,
      // "" (a form's empty field) is missing, not 0.
      location_latitude: blankAsMissing(latitude),
      location_longitude: blankAsMissing(longitude),
      bio: z.string().max(2000).optional(),
      email: z.email().max(254).optional().or(z.literal("")),
      phone: shopPhone.optional(),
      profile_image: fileField.optional(),
      cover_image: fileField.optional(),
    }),
    response: {
      201: shopData,
      400: badRequestError,
      401: detailError,
      403: detailError,
      404: detailError,
      409: badRequestError,
      413: detailError,
    },
  }),
  update: () => ({
    service: "shop",
    method: "PATCH",
    path: "shop/:id/",
    summary: "Edit a shop's details and images (multipart or JSON; fields not sent stay); owner only",
    auth: "token",
    encoding: "multipart",
    params: idParams("id"),
    body: z.object({
      email: z.email().max(254).optional().or(z.literal("")),
      bio: z.string().max(2000).optional(),
      phone: shopPhone.optional(),
      display_image: fileField.optional(),
      cover_image: fileField.optional(),
      token: tokenField,
    }),
    response: {
      200: shopData,
      400: badRequestError,
      401: detailError,
      403: detailError,
      404: detailError,
      413: detailError,
    },
  }),
  followers: () => ({
    service: "shop",
    method: "GET",
    path: "shop/followers/:shopId/",
    summary: "A shop's follower count and followers, newest first; 404 'Shop not found'",
    params: idParams("shopId"),
    response: { 200: followersWire, 400: detailError, 404: detailError },
  }),
});
