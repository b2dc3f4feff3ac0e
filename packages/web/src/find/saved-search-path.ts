import {
  type BrowseAsk,
  browseQueryString,
  type Category,
  parseBrowseQuery,
  type SubCategory,
} from "@katale/domain";
import { categoryPath, searchPath, subCategoryPath } from "../catalogue/catalogue-paths.js";

/**
 * The page a saved search opens: its sub category, category or search words as the path (named as
 * the catalogue names them now), every other narrowing as the query string. A search of none of
 * them opens the category picker; null while a name is not known.
 */
export function savedSearchPath(
  query: string,
  categories: readonly Category[],
  subCategories: readonly SubCategory[],
): string | null {
  const { categoryId, subCategoryId, q, page: _page, ...narrowing } = parseBrowseQuery(query);
  let path: string;
  let rest: BrowseAsk = narrowing;
  if (subCategoryId !== undefined) {
    const sub = subCategories.find((s) => s.id === subCategoryId);
    if (sub === undefined) return null;
    path = subCategoryPath(sub.name);
    if (q !== undefined) rest = { ...rest, q };
  } else if (categoryId !== undefined) {
    const category = categories.find((c) => c.id === categoryId);
    if (category === undefined) return null;
    path = categoryPath(category.name);
    if (q !== undefined) rest = { ...rest, q };
  } else if (q !== undefined) path = searchPath(q);
  else path = "/products";
  const search = browseQueryString(rest);
  return search === "" ? path : `${path}?${search}`;
}
