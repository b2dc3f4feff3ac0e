import {
  type Category,
  err,
  findSubCategoryByName,
  loadCategoryListing,
  loadSubCategoryListing,
} from "@katale/domain";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { Services } from "../app/services.js";
import { useServices } from "../app/services-context.js";

/** The route names a category; find it by name, any case (the category_id key is only a fallback). */
function findCategory(all: readonly Category[], name: string, storedId: number | null): Category | undefined {
  const wanted = name.trim().toLowerCase();
  return all.find((c) => c.name.toLowerCase() === wanted) ?? all.find((c) => c.id === storedId);
}

/** A page of /products/category/{name}: works from a shared link, without the stored keys. */
export function categoryListingQuery(
  { categories, products, local }: Pick<Services, "categories" | "products" | "local">,
  name: string,
  page: number,
) {
  return queryOptions({
    queryKey: ["category-listing", name.toLowerCase(), page],
    queryFn: async () => {
      const all = await categories.listCategories();
      if (!all.ok) return all;
      const category = findCategory(all.value, name, local.get("category_id"));
      if (category === undefined) return err({ kind: "not-found" as const });
      return loadCategoryListing({ categories, products }, category.id, page);
    },
  });
}

/** /products/category/{name}: the page shown stays while the next one loads. */
export function useCategoryListing(name: string, page: number) {
  return useQuery({ ...categoryListingQuery(useServices(), name, page), placeholderData: keepPreviousData });
}

/** /products/sub-category/{name}: found by name, the stored subcategory_id as a fallback. */
export function useSubCategoryListing(name: string, page: number) {
  const { categories, products, local } = useServices();
  return useQuery({
    queryKey: ["sub-category-listing", name.toLowerCase(), page],
    placeholderData: keepPreviousData,
    queryFn: async () => {
      const all = await categories.listSubCategories();
      if (!all.ok) return all;
      const storedId = local.get("subcategory_id");
      const sub = findSubCategoryByName(all.value, name) ?? all.value.find((s) => s.id === storedId);
      if (sub === undefined) return err({ kind: "not-found" as const });
      return loadSubCategoryListing({ categories, products }, sub.id, page);
    },
  });
}
