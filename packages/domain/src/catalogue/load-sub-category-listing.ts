import { LISTING_PAGE_SIZE } from "../constants.js";
import type { Page } from "../page.js";
import { orEmptyFirstPage } from "../products/empty-page.js";
import type { Product } from "../products/product.js";
import type { ProductGateway } from "../products/product-gateway.js";
import { err, ok, type Result } from "../result.js";
import type { CategoryGateway } from "./category-gateway.js";
import type { SubCategory } from "./sub-category.js";

export interface SubCategoryListing {
  readonly subCategory: SubCategory;
  /** The row of sub categories of the same category, this one included. */
  readonly siblings: SubCategory[];
  readonly products: Page<Product>;
}

export interface SubCategoryListingPorts {
  readonly categories: Pick<CategoryGateway, "listSubCategories">;
  readonly products: Pick<ProductGateway, "listSubCategoryProductsPage">;
}

/** /products/sub-category/{name}: Home > Subcategory > name, sibling row, a page of products. */
export async function loadSubCategoryListing(
  ports: SubCategoryListingPorts,
  subCategoryId: number,
  page = 1,
  pageSize = LISTING_PAGE_SIZE,
): Promise<Result<SubCategoryListing>> {
  const [all, products] = await Promise.all([
    ports.categories.listSubCategories(),
    ports.products.listSubCategoryProductsPage(subCategoryId, page, pageSize),
  ]);
  if (!all.ok) return all;
  const subCategory = all.value.find((s) => s.id === subCategoryId);
  if (subCategory === undefined) return err({ kind: "not-found" });
  const listed = orEmptyFirstPage(products, page);
  if (!listed.ok) return listed;
  const siblings = all.value.filter((s) => s.categoryId === subCategory.categoryId);
  return ok({ subCategory, siblings, products: listed.value });
}

/** The route names a sub category (/products/sub-category/{name}); find it by name, any case. */
export function findSubCategoryByName(all: readonly SubCategory[], name: string): SubCategory | undefined {
  const wanted = name.trim().toLowerCase();
  return all.find((s) => s.name.toLowerCase() === wanted);
}
