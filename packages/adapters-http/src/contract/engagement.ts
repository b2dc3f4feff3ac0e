import { COMMENTS_PER_PAGE, RATING_MAX, RATING_STORED_MAX } from "@katale/domain";
import { z } from "zod";
import {
  badRequestError,
  dataOf,
  defineCalls,
  detailBody,
  detailError,
  fileField,
  idParams,
  idValue,
  imagePath,
  noContent,
  pageParam,
  timestamp,
} from "./common.js";
import { productWire } from "./products.js";

// Saved products, browse history, ratings, comments and follows (spec §3, §7), shop service.
// All writes need the token (Authorization header; the body `token`/`user_token` fields of the spec
// are accepted as a fallback).

const tokenField = z.string().min(1).optional().describe("fallback for the Authorization header");

export const savedProductWire = z.object({
  saved_product_id: z.number().int(),
  /** The saved product itself (spec: nested `product_id.product_id`). */
  product_id: productWire,
});
export type SavedProductWire = z.infer<typeof savedProductWire>;

export const commentWire = z.object({
  comment_id: z.number().int(),
  comment: z.string(),
  product_id: z.number().int(),
  /** the author, so a client can offer edit/delete on its own comments */
  user_id: z.number().int(),
  commentor_name: z.string(),
  commentor_profile_picture: z.string().nullable(),
  date_commented: timestamp,
  comment_images: z.array(imagePath.nullable()),
  /** Only on its author's own list (their token): a review moderators hid, 'Hidden by moderators: <note>'. */
  moderation: z.object({ hidden: z.literal(true), note: z.string() }).optional(),
});
export type CommentWire = z.infer<typeof commentWire>;

export const followRecordWire = z.object({
  id: z.number().int(),
  shop: z.object({
    id: z.number().int(),
    name: z.string(),
    cover_image: z.string().nullable(),
    display_image: z.string().nullable(),
  }),
});
export type FollowRecordWire = z.infer<typeof followRecordWire>;

/**
 * A rating on the wire: the stored 0–10 whole number, as a number or a numeric string (forms). No
 * coercion of anything else: a missing, empty or null rating is refused, never taken as 0.
 */
const ratingValue = z
  .union([
    z.number(),
    z
      .string()
      .regex(/^\d{1,2}$/, "must be a whole number from 0 to 10")
      .transform(Number),
  ])
  .pipe(z.number().int().min(0).max(RATING_STORED_MAX));

const commentList = z.object({ data: z.array(commentWire), number_of_comments: z.number().int().min(0) });
const authErrors = { 400: badRequestError, 401: detailError } as const;
/** product/save/'s answer: the wishlist record of the product. */
const savedRecord = dataOf(z.object({ saved_product_id: z.number().int(), product_id: z.number().int() }));

export const engagementCalls = defineCalls({
  saveProduct: () => ({
    service: "shop",
    method: "POST",
    path: "product/save/",
    summary: "Save a product to the wishlist (saving twice keeps one entry: 201 saved, 200 already saved)",
    auth: "token",
    body: z.object({ token: tokenField, product_id: idValue }),
    response: {
      201: savedRecord,
      200: savedRecord,
      ...authErrors,
      404: detailError,
    },
  }),
  listSaved: () => ({
    service: "shop",
    method: "GET",
    path: "product/save/",
    summary: "The user's saved products that are in stock, newest saved first",
    auth: "token",
    response: {
      200: z.object({ data: z.array(savedProductWire), number_of_saved_products: z.number().int().min(0) }),
      401: detailError,
    },
  }),
  unsave: () => ({
    service: "shop",
    method: "DELETE",
    path: "product/save/:savedProductId",
    summary: "Remove a saved product",
    auth: "token",
    params: idParams("savedProductId"),
    response: { 204: noContent, ...authErrors, 403: detailError, 404: detailError },
  }),
  browseHistory: () => ({
    service: "shop",
    method: "GET",
    path: "product/browse-history/",
    summary: "Products the user viewed, most recent first",
    auth: "token",
    response: {
      200: z.object({ data: z.array(productWire), number_of_products: z.number().int().min(0) }),
      401: detailError,
    },
  }),
  recordBrowse: () => ({
    service: "shop",
    method: "POST",
    path: "product/browse-history/",
    summary: "Record a product view",
    auth: "token",
    body: z.object({ token: tokenField, product_id: idValue }),
    response: { 201: detailBody, ...authErrors, 404: detailError },
  }),
  rate: () => ({
    service: "shop",
    method: "POST",
    idempotent: true,
    path: "product/rating/",
    summary:
      "Rate a product: `rating` is the stored 0–10 value (the 0–5 stars doubled); rating again replaces it",
    auth: "token",
    body: z.object({ rating: ratingValue, product_id: idValue }),
    response: {
      200: dataOf(
        z.object({
          product_id: z.number().int(),
          rating: z.number().int().min(0).max(RATING_STORED_MAX),
          average_rating: z.number().min(0).max(RATING_MAX),
          number_of_users_rated: z.number().int().min(0),
        }),
      ),
      ...authErrors,
      404: detailError,
    },
  }),
  comments: () => ({
    service: "shop",
    method: "GET",
    path: "product/comment/:productId/",
    summary: `Comments on a product, newest first, ${COMMENTS_PER_PAGE} per page; number_of_comments is the total`,
    params: idParams("productId"),
    querystring: z.object({ page: pageParam }),
    response: { 200: commentList, 400: detailError, 404: detailError },
  }),
  userComments: () => ({
    service: "shop",
    method: "GET",
    path: "product/comment/user/:userId/",
    summary: "Comments a user wrote, newest first",
    params: idParams("userId"),
    response: { 200: commentList, 400: detailError, 404: detailError },
  }),
  addComment: () => ({
    service: "shop",
    method: "POST",
    idempotent: true,
    path: "product/comment/",
    summary: "Comment on a product (multipart: token, comment, product_id, optional image_1..image_N)",
    auth: "token",
    encoding: "multipart",
    body: z
      .object({ token: tokenField, comment: z.string().trim().min(1).max(2000), product_id: idValue })
      .catchall(fileField),
    response: { 201: dataOf(commentWire), ...authErrors, 404: detailError, 413: detailError },
  }),
  editComment: () => ({
    service: "shop",
    method: "PATCH",
    path: "product/comment/:id/",
    summary: "Edit one's own comment; 403 'You are not the owner'",
    auth: "token",
    params: idParams("id"),
    body: z.object({ token: tokenField, comment: z.string().trim().min(1).max(2000) }),
    response: {
      200: z.object({ detail: z.string(), data: commentWire }),
      ...authErrors,
      403: detailError,
      404: detailError,
    },
  }),
  deleteComment: () => ({
    service: "shop",
    method: "DELETE",
    path: "product/comment/:id/",
    summary: "Delete one's own comment",
    auth: "token",
    params: idParams("id"),
    // A DELETE usually has no body at all (the server reads it as null).
    body: z.object({ user_token: tokenField }).nullish(),
    response: { 204: noContent, ...authErrors, 403: detailError, 404: detailError },
  }),
  follow: () => ({
    service: "shop",
    method: "POST",
    path: "shop/follow/",
    summary:
      "Follow a shop (following twice keeps one record: 201 followed, 200 already followed); user_id must be the token's user",
    auth: "token",
    body: z.object({ token: tokenField, shop_id: idValue, user_id: idValue.optional() }),
    response: {
      201: dataOf(followRecordWire),
      200: dataOf(followRecordWire),
      ...authErrors,
      403: detailError,
      404: detailError,
    },
  }),
  unfollow: () => ({
    service: "shop",
    method: "DELETE",
    path: "shop/follow/:followId",
    summary: "Stop following (the follow record's id)",
    auth: "token",
    params: idParams("followId"),
    response: { 204: noContent, ...authErrors, 403: detailError, 404: detailError },
  }),
  followedShops: () => ({
    service: "shop",
    method: "GET",
    path: "shop/follow/:userId/",
    summary: "Shops a user follows (empty data when none)",
    params: idParams("userId"),
    response: { 200: z.object({ data: z.array(followRecordWire) }), 400: detailError, 404: detailError },
  }),
});
