import type { Category, SubCategory } from "@katale/domain";
import { useQuery } from "@tanstack/react-query";
import { useServices } from "../app/services-context.js";

export function useCategories(enabled = true) {
  const { categories } = useServices();
  return useQuery({ queryKey: ["categories"], queryFn: () => categories.listCategories(), enabled });
}

export function useSubCategories(enabled = true) {
  const { categories } = useServices();
  return useQuery({ queryKey: ["sub-categories"], queryFn: () => categories.listSubCategories(), enabled });
}

export function useSubCategoriesOf(categoryId: number | null) {
  const { categories } = useServices();
  return useQuery({
    queryKey: ["sub-categories", categoryId],
    queryFn: () => categories.listSubCategoriesOf(categoryId ?? 0),
    enabled: categoryId !== null,
  });
}

/** Keeps the spec §3 keys the listing pages read (category, category_id, subcategory, subcategory_id). */
export function useRememberCatalogueChoice() {
  const { local } = useServices();
  return {
    /** The category chosen last (category_id), which the picker opens on. */
    lastCategoryId: (): number | null => local.get("category_id"),
    category(category: Category) {
      local.set("category", category.name);
      local.set("category_id", category.id);
    },
    subCategory(subCategory: SubCategory) {
      local.set("subcategory", subCategory.name);
      local.set("subcategory_id", subCategory.id);
    },
  };
}

/** The filters of a sub category with their values (the product form's selects). */
export function useSubCategoryFilters(subCategoryId: number | null) {
  const { categories } = useServices();
  return useQuery({
    queryKey: ["filters", subCategoryId],
    queryFn: () => categories.listFilters(subCategoryId ?? 0),
    enabled: subCategoryId !== null,
  });
}
