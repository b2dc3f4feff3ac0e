import {
  type BrowseAsk,
  type Category,
  type CategoryGateway,
  err,
  type Filter,
  type FilterValue,
  findSubCategoryByName,
  ok,
  type Result,
  type SubCategory,
} from "@katale/domain";
import { findCategory, findSubCategory } from "../catalogue/find-category.js";
import type { IdOrName } from "../config/option-parsers.js";
import type { BrowseOptions } from "./browse-options.js";
import { findCliMessages as text } from "./find-cli-messages.js";

// The browse options' names made ids: categories and sub categories by id or name, filters and their
// values by id or name within the sub category. An unknown name is 'not-found' with what there is.

/** What the browse narrows by, in names, for the page's heading. */
export interface BrowseLabels {
  readonly category?: Category;
  readonly subCategory?: SubCategory;
  /** Each chosen value with its filter (values given by id alone have none). */
  readonly values: readonly { readonly filter?: string; readonly value: string }[];
}

export interface ResolvedBrowse {
  readonly ask: BrowseAsk;
  readonly labels: BrowseLabels;
}

type Ports = Pick<
  CategoryGateway,
  "listCategories" | "listSubCategories" | "listSubCategoriesOf" | "listFilters"
>;

const key = (name: string) => name.trim().replace(/\s+/g, " ").toLowerCase();

/**
 * A filter or value by name in any case, or by id: digits name one first (a Size value "42"), and
 * are an id when no name is them.
 */
function pick<T extends { id: number; name: string }>(all: readonly T[], ref: IdOrName): T | undefined {
  if ("id" in ref) return all.find((t) => key(t.name) === String(ref.id)) ?? all.find((t) => t.id === ref.id);
  return all.find((t) => key(t.name) === key(ref.name));
}

/** A filter by id or name; "several" when sub categories of a category have one of that name each. */
function pickFilter(filters: readonly Filter[], ref: IdOrName): Filter | "several" | undefined {
  const named = filters.filter((f) => key(f.name) === key(nameOf(ref)));
  if (named.length > 1) return "several";
  return named[0] ?? ("id" in ref ? filters.find((f) => f.id === ref.id) : undefined);
}

/** The filters named filters are looked for in: the sub category's, else those of the category's sub categories. */
async function filtersOf(
  ports: Ports,
  subCategory: SubCategory | undefined,
  category: Category | undefined,
): Promise<Result<{ name: string; filters: Filter[] }>> {
  if (subCategory !== undefined) {
    const listed = await ports.listFilters(subCategory.id);
    return listed.ok ? ok({ name: subCategory.name, filters: listed.value }) : listed;
  }
  if (category === undefined) return err({ kind: "invalid", message: text.filterNeedsSubCategory });
  const subs = await ports.listSubCategoriesOf(category.id);
  if (!subs.ok) return subs;
  const listed = await Promise.all(subs.value.map((sub) => ports.listFilters(sub.id)));
  const filters: Filter[] = [];
  for (const answer of listed) {
    if (!answer.ok) return answer;
    filters.push(...answer.value);
  }
  return ok({ name: category.name, filters });
}

const nameOf = (ref: IdOrName) => ("id" in ref ? String(ref.id) : ref.name);

export async function resolveBrowse(ports: Ports, options: BrowseOptions): Promise<Result<ResolvedBrowse>> {
  let category: Category | undefined;
  if (options.category !== undefined) {
    const found = await findCategory(ports, options.category);
    if (!found.ok) return found;
    category = found.value;
  }
  let subCategory: SubCategory | undefined;
  if (options.subcategory !== undefined) {
    const ref = options.subcategory;
    // A name is looked for among the category's sub categories first (two categories may share one).
    const within =
      category !== undefined && "name" in ref ? await ports.listSubCategoriesOf(category.id) : undefined;
    if (within !== undefined && !within.ok) return within;
    const local = within?.ok && "name" in ref ? findSubCategoryByName(within.value, ref.name) : undefined;
    const found = local !== undefined ? ok(local) : await findSubCategory(ports, ref);
    if (!found.ok) return found;
    subCategory = found.value;
    if (category !== undefined && subCategory.categoryId !== category.id)
      return err({
        kind: "not-found",
        message: text.subCategoryNotInCategory(subCategory.name, category.name),
      });
  }

  const valueIds: number[] = [];
  const values: { filter?: string; value: string }[] = [];
  let scope: { readonly name: string; readonly filters: readonly Filter[] } | undefined;
  for (const ref of options.filter ?? []) {
    if ("valueId" in ref) {
      valueIds.push(ref.valueId);
      values.push({ value: `#${ref.valueId}` });
      continue;
    }
    if (scope === undefined) {
      const loaded = await filtersOf(ports, subCategory, category);
      if (!loaded.ok) return loaded;
      scope = loaded.value;
    }
    const filter = pickFilter(scope.filters, ref.filter);
    if (filter === "several")
      return err({ kind: "invalid", message: text.filterInSeveral(nameOf(ref.filter), scope.name) });
    if (filter === undefined)
      return err({
        kind: "not-found",
        message: text.filterNotFound(nameOf(ref.filter), scope.name, [
          ...new Set(scope.filters.map((f) => f.name)),
        ]),
      });
    const value: FilterValue | undefined = pick(filter.values, ref.value);
    if (value === undefined)
      return err({
        kind: "not-found",
        message: text.valueNotFound(
          nameOf(ref.value),
          filter.name,
          filter.values.map((v) => v.name),
        ),
      });
    if (!valueIds.includes(value.id)) {
      valueIds.push(value.id);
      values.push({ filter: filter.name, value: value.name });
    }
  }

  const ask: BrowseAsk = {
    ...(category !== undefined ? { categoryId: category.id } : {}),
    ...(subCategory !== undefined ? { subCategoryId: subCategory.id } : {}),
    ...(options.query !== undefined && options.query.trim() !== "" ? { q: options.query.trim() } : {}),
    ...(valueIds.length > 0 ? { valueIds } : {}),
    ...(options.price?.min !== undefined ? { priceMin: options.price.min } : {}),
    ...(options.price?.max !== undefined ? { priceMax: options.price.max } : {}),
    ...(options.district?.length ? { districts: options.district } : {}),
    ...(options.near !== undefined
      ? { near: { ...options.near, ...(options.radius !== undefined ? { radiusKm: options.radius } : {}) } }
      : {}),
    ...(options.verified ? { verifiedOnly: true } : {}),
    ...(options.inStock ? { inStockOnly: true } : {}),
    ...(options.sort !== undefined ? { sort: options.sort } : {}),
    ...(options.page !== 1 ? { page: options.page } : {}),
    ...(options.pageSize !== undefined ? { pageSize: options.pageSize } : {}),
  };
  return ok({ ask, labels: { category, subCategory, values } });
}
