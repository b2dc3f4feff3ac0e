import { LISTING_PAGE_SIZE } from "../constants.js";
import type { Page } from "../page.js";
import { orEmptyFirstPage } from "../products/empty-page.js";
import type { Product } from "../products/product.js";
import type { ProductGateway } from "../products/product-gateway.js";
import { err, ok, type Result } from "../result.js";
import type { Category } from "./category.js";
import type { CategoryGateway } from "./category-gateway.js";
import type { SubCategory } from "./sub-category.js";

export interface CategoryListing {
  readonly category: Category;
  /** The sub-category row. */
  readonly subCategories: SubCategory[];
  readonly products: Page<Product>;
}

export interface CategoryListingPorts {
  readonly categories: Pick<CategoryGateway, "listCategories" | "listSubCategoriesOf">;
  readonly products: Pick<ProductGateway, "listCategoryProductsPage">;
}

/** /products/category/*: 'Sub categories for {category}', its sub categories, a page of its products. */
export async function loadCategoryListing(
  ports: CategoryListingPorts,
  categoryId: number,
  page = 1,
  pageSize = LISTING_PAGE_SIZE,
): Promise<Result<CategoryListing>> {
  const [categories, subCategories, products] = await Promise.all([
    ports.categories.listCategories(),
    ports.categories.listSubCategoriesOf(categoryId),
    ports.products.listCategoryProductsPage(categoryId, page, pageSize),
  ]);
  if (!categories.ok) return categories;
  const category = categories.value.find((c) => c.id === categoryId);
  if (category === undefined) return err({ kind: "not-found" });
  if (!subCategories.ok) return subCategories;
  const listed = orEmptyFirstPage(products, page);
  if (!listed.ok) return listed;
  return ok({ category, subCategories: subCategories.value, products: listed.value });
}
