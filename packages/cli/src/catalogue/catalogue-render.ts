import { type Category, messages, type SubCategory, subCategoriesFor } from "@katale/domain";
import { type Column, renderTable } from "../output/table.js";
import { lines } from "../output/text.js";

// Pure renderers for the catalogue: data in, terminal text out.

const categoryColumns: readonly Column<Category>[] = [
  { header: "Id", value: (c) => String(c.id), align: "right" },
  { header: "Name", value: (c) => c.name, shrink: true },
];

export function renderCategories(categories: readonly Category[], width: number): string {
  if (categories.length === 0) return lines(messages.home.noCategoriesYet);
  return lines(renderTable(categoryColumns, categories, width));
}

const subCategoryColumns: readonly Column<SubCategory>[] = [
  { header: "Id", value: (s) => String(s.id), align: "right" },
  { header: "Name", value: (s) => s.name, shrink: true },
  { header: "Category", value: (s) => s.categoryName ?? String(s.categoryId), shrink: true },
];

/** All sub categories with their category, or those of one category under 'Sub categories for X'. */
export function renderSubCategories(
  subCategories: readonly SubCategory[],
  width: number,
  category?: Category,
): string {
  if (category === undefined) {
    if (subCategories.length === 0) return lines(messages.catalogue.noSubCategoriesAvailable);
    return lines(renderTable(subCategoryColumns, subCategories, width));
  }
  const heading = [subCategoriesFor(category.name), ""];
  if (subCategories.length === 0) return lines(heading, messages.catalogue.noSubCategoriesAvailable);
  return lines(heading, renderTable(subCategoryColumns.slice(0, 2), subCategories, width));
}
