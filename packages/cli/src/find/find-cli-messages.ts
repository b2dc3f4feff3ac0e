import { findServerMessages } from "@katale/domain";
import { authCliMessages } from "../auth/auth-cli-messages.js";

// What only the terminal says about browsing with filters and about saved searches.

const list = (names: readonly string[]) => (names.length === 0 ? "none" : names.join(", "));

export const findCliMessages = {
  loginFirst: authCliMessages.notLoggedIn,
  savedSearchNotFound: findServerMessages.savedSearchNotFound,
  filterSyntax: "Expected NAME=VALUE (a filter and one of its values, by name or id), or a value's id.",
  priceSyntax: "Expected MIN..MAX in whole UGX, e.g. 5000..20000, 5000.. or ..20000.",
  priceRange: "The price range's MIN is above its MAX.",
  nearSyntax: "Expected LAT,LNG, e.g. 0.3476,32.5825 (lat -90..90, lng -180..180).",
  radiusSyntax: "Expected a number of km above 0 and at most 1000.",
  radiusNeedsNear: "--radius needs --near LAT,LNG.",
  nearestNeedsNear: "--sort nearest needs --near LAT,LNG.",
  pageSize: (max: number) => `Expected a whole number from 1 to ${max}.`,
  filterNeedsSubCategory:
    "--filter NAME=VALUE needs --subcategory or --category: filters belong to sub categories (a value's id alone needs neither).",
  filterInSeveral: (name: string, category: string) =>
    `Several sub categories of ${category} have a filter '${name}': give --subcategory.`,
  subCategoryNotInCategory: (sub: string, category: string) =>
    `The sub category ${sub} is not in ${category}.`,
  filterNotFound: (name: string, where: string, filters: readonly string[]) =>
    `${where} has no filter '${name}'; its filters: ${list(filters)}.`,
  valueNotFound: (value: string, filter: string, values: readonly string[]) =>
    `${filter} has no value '${value}'; its values: ${list(values)}.`,
  saveNeedsOptions: "Give the search after '--', e.g. katale searches save Phones -- --subcategory Phones",
  searchSaved: (name: string, id: number) => `Saved the search '${name}' (id ${id}).`,
  searchDeleted: (id: number) => `Deleted the saved search ${id}.`,
  noSavedSearches: "No saved searches yet: katale searches save NAME -- <browse options>",
  browseThis: (query: string) => `katale products browse ${query}`,
  narrowFurther: "Narrow further:",
  allProducts: "All products",
  verifiedShops: "Verified shops",
  inStock: "In stock",
  districts: "Districts",
  price: "Price",
  sortedBy: {
    newest: "newest first",
    price_asc: "lowest price first",
    price_desc: "highest price first",
    rating: "best rated first",
    nearest: "nearest first",
    relevance: "best match first",
  },
} as const;
