import { activeUserCheck } from "../auth/active-user.js";
import { storedId, storedText, type ValueCheck } from "./value-checks.js";

const id = storedId;

/**
 * The local storage keys of spec §3 and the value each holds. Stored values come from outside the
 * program (a browser profile, a file), so adapters check them against these schemas on read.
 */
export const localStorageSchemas = {
  /** Auth token (the login key). */
  token: storedText(1),
  /** The signed-in user's id. */
  userdid: id,
  /** The signed-in user's email; its presence means "logged in" (spec §4). */
  loggedInUserName: storedText(1),
  activeUser: activeUserCheck,
  /** Id of the product /item shows. */
  activeProduct: id,
  /** Id of the shop /shops/shop shows, chosen from the simple shop list. */
  activeCustomerShop: id,
  /** Id of the shop the owner administers. */
  activeShopid: id,
  /** Id of the shop just created (shop details step). */
  shop: id,
  search_query: storedText(),
  /** Category name and id of the category listing. */
  category: storedText(),
  category_id: id,
  /** Sub category name and id of the sub-category listing. */
  subcategory: storedText(),
  subcategory_id: id,
  /** Id of the category just created in the catalogue manager. */
  newcategoryid: id,
} as const;

/** Session storage keys of spec §3. */
export const sessionStorageSchemas = {
  /** Same-origin URL to return to after login. */
  previousUrl: storedText(),
} as const;

export type StorageSchemas = Record<string, ValueCheck<unknown>>;
export type StoredValues<S extends StorageSchemas> = {
  [K in keyof S]: S[K] extends ValueCheck<infer T> ? T : never;
};

export type LocalStorageSchemas = typeof localStorageSchemas;
export type SessionStorageSchemas = typeof sessionStorageSchemas;
export type LocalValues = StoredValues<LocalStorageSchemas>;
export type SessionValues = StoredValues<SessionStorageSchemas>;
export type LocalStorageKey = keyof LocalValues;
export type SessionStorageKey = keyof SessionValues;
