import {
  type Category,
  type CategoryGateway,
  err,
  INFINITE_SCROLL_PAGE_SIZE,
  LISTING_PAGE_SIZE,
  loadCategoryListing,
  loadSubCategoryListing,
  ok,
  type Page,
  type Product,
  type ProductGateway,
  paginate,
  type Result,
  type Shop,
  type ShopGateway,
  type SubCategory,
} from "@katale/domain";
import { findCategory, findSubCategory } from "../catalogue/find-category.js";
import { cliMessages } from "../cli-messages.js";
import type { IdOrName } from "../config/option-parsers.js";

// `katale products list`: one page of products, of everything or of a category, a sub category or a
// shop, through the domain's listing use cases.

export type ProductFilter =
  | { readonly kind: "all" }
  | { readonly kind: "category"; readonly ref: IdOrName }
  | { readonly kind: "sub-category"; readonly ref: IdOrName }
  | { readonly kind: "shop"; readonly id: number };

/** What the page lists, for its heading. */
export type ListingScope =
  | { readonly kind: "all" }
  | { readonly kind: "category"; readonly category: Category; readonly subCategories: readonly SubCategory[] }
  | { readonly kind: "sub-category"; readonly subCategory: SubCategory }
  | { readonly kind: "shop"; readonly shop: Shop };

export interface ProductListing {
  readonly scope: ListingScope;
  readonly products: Page<Product>;
  readonly pageSize: number;
}

export interface ProductListingPorts {
  readonly categories: Pick<CategoryGateway, "listCategories" | "listSubCategories" | "listSubCategoriesOf">;
  readonly products: Pick<
    ProductGateway,
    "listProductsPage" | "listCategoryProductsPage" | "listSubCategoryProductsPage" | "listShopProducts"
  >;
  readonly shops: Pick<ShopGateway, "getShop">;
}

/** Page size when none is given: the home page's 8 for everything, the listing pages' 20 otherwise. */
export function defaultPageSize(filter: ProductFilter): number {
  return filter.kind === "all" ? INFINITE_SCROLL_PAGE_SIZE : LISTING_PAGE_SIZE;
}

export async function loadProductListing(
  ports: ProductListingPorts,
  filter: ProductFilter,
  page: number,
  pageSize = defaultPageSize(filter),
): Promise<Result<ProductListing>> {
  switch (filter.kind) {
    case "all": {
      const products = await ports.products.listProductsPage(page, pageSize);
      return products.ok ? ok({ scope: { kind: "all" }, products: products.value, pageSize }) : products;
    }
    case "category": {
      const category = await findCategory(ports.categories, filter.ref);
      if (!category.ok) return category;
      const listing = await loadCategoryListing(ports, category.value.id, page, pageSize);
      if (!listing.ok) return listing;
      const { subCategories, products } = listing.value;
      return ok({ scope: { kind: "category", category: category.value, subCategories }, products, pageSize });
    }
    case "sub-category": {
      const subCategory = await findSubCategory(ports.categories, filter.ref);
      if (!subCategory.ok) return subCategory;
      const listing = await loadSubCategoryListing(ports, subCategory.value.id, page, pageSize);
      if (!listing.ok) return listing;
      const scope = { kind: "sub-category", subCategory: listing.value.subCategory } as const;
      return ok({ scope, products: listing.value.products, pageSize });
    }
    case "shop": {
      const [shop, products] = await Promise.all([
        ports.shops.getShop(filter.id),
        ports.products.listShopProducts(filter.id),
      ]);
      if (!shop.ok) return withNotFound(shop, cliMessages.shopNotFound);
      if (!products.ok) return withNotFound(products, cliMessages.shopNotFound);
      const paged = pageOf(products.value.products, page, pageSize);
      return paged.ok
        ? ok({ scope: { kind: "shop", shop: shop.value }, products: paged.value, pageSize })
        : paged;
    }
  }
}

/**
 * The service lists a shop's products whole; the CLI pages them like the other listings, with
 * 'invalid-page' past the end (an empty shop still has an empty page 1).
 */
export function pageOf<T>(items: readonly T[], page: number, pageSize: number): Result<Page<T>> {
  return paginate(items, page, pageSize);
}

function withNotFound<T>(result: Result<T>, message: string): Result<T> {
  return !result.ok && result.error.kind === "not-found" && result.error.message === undefined
    ? err({ kind: "not-found", message })
    : result;
}
