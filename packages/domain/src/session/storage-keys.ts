import { z } from "zod";
import { activeUserSchema } from "../auth/active-user.js";

const id = z.number().int().positive();

/**
 * The local storage keys of spec §3 and the value each holds. Stored values come from outside the
 * program (a browser profile, a file), so adapters check them against these schemas on read.
 */
export const localStorageSchemas = {
  /** Auth token (the login key). */
  token: z.string().min(1),
  /** The signed-in user's id. */
  userdid: id,
  /** The signed-in user's email; its presence means "logged in" (spec §4). */
  loggedInUserName: z.string().min(1),
  activeUser: activeUserSchema,
  /** Id of the product /item shows. */
  activeProduct: id,
  /** Id of the shop /shops/shop shows, chosen from the simple shop list. */
  activeCustomerShop: id,
  /** Id of the shop the owner administers. */
  activeShopid: id,
  /** Id of the shop just created (shop details step). */
  shop: id,
  search_query: z.string(),
  /** Category name and id of the category listing. */
  category: z.string(),
  category_id: id,
  /** Sub category name and id of the sub-category listing. */
  subcategory: z.string(),
  subcategory_id: id,
  /** Id of the category just created in the catalogue manager. */
  newcategoryid: id,
} as const;

/** Session storage keys of spec §3. */
export const sessionStorageSchemas = {
  /** Same-origin URL to return to after login. */
  previousUrl: z.string(),
} as const;

export type StorageSchemas = Record<string, z.ZodType>;
export type StoredValues<S extends StorageSchemas> = { [K in keyof S]: z.infer<S[K]> };

export type LocalStorageSchemas = typeof localStorageSchemas;
export type SessionStorageSchemas = typeof sessionStorageSchemas;
export type LocalValues = StoredValues<LocalStorageSchemas>;
export type SessionValues = StoredValues<SessionStorageSchemas>;
export type LocalStorageKey = keyof LocalValues;
export type SessionStorageKey = keyof SessionValues;
