import { type Category, err, findSubCategoryByName, ok, type Result, type SubCategory } from "@katale/domain";
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Services } from "../app/services.js";
import { useServices } from "../app/services-context.js";

// Where a listing page is: the category or sub category its URL names, and the row of sub categories
// it shows. The products come from the browse (find/use-browse.ts), narrowed as the URL says.

/** The route names a category; find it by name, any case (the category_id key is only a fallback). */
function findCategory(all: readonly Category[], name: string, storedId: number | null): Category | undefined {
  const wanted = name.trim().toLowerCase();
  return all.find((c) => c.name.toLowerCase() === wanted) ?? all.find((c) => c.id === storedId);
}

export interface CategoryPlace {
  readonly category: Category;
  readonly subCategories: SubCategory[];
}

/** /products/category/{name}: the category and its sub categories; works from a shared link alone. */
export function categoryPlaceQuery(
  { categories, local }: Pick<Services, "categories" | "local">,
  name: string,
) {
  return queryOptions({
    queryKey: ["category-place", name.toLowerCase()],
    queryFn: async (): Promise<Result<CategoryPlace>> => {
      const all = await categories.listCategories();
      if (!all.ok) return all;
      const category = findCategory(all.value, name, local.get("category_id"));
      if (category === undefined) return err({ kind: "not-found" as const });
      const subCategories = await categories.listSubCategoriesOf(category.id);
      if (!subCategories.ok) return subCategories;
      return ok({ category, subCategories: subCategories.value });
    },
  });
}

export function useCategoryPlace(name: string) {
  return useQuery(categoryPlaceQuery(useServices(), name));
}

export interface SubCategoryPlace {
  readonly subCategory: SubCategory;
  /** The row of sub categories of the same category, this one included. */
  readonly siblings: SubCategory[];
}

/** /products/sub-category/{name}: found by name, the stored subcategory_id as a fallback. */
export function useSubCategoryPlace(name: string) {
  const { categories, local } = useServices();
  return useQuery({
    queryKey: ["sub-category-place", name.toLowerCase()],
    queryFn: async (): Promise<Result<SubCategoryPlace>> => {
      const all = await categories.listSubCategories();
      if (!all.ok) return all;
      const storedId = local.get("subcategory_id");
      const sub = findSubCategoryByName(all.value, name) ?? all.value.find((s) => s.id === storedId);
      if (sub === undefined) return err({ kind: "not-found" as const });
      return ok({ subCategory: sub, siblings: all.value.filter((s) => s.categoryId === sub.categoryId) });
    },
  });
}
