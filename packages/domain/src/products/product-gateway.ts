import type { Page } from "../page.js";
import type { Result } from "../result.js";
import type { Product } from "./product.js";

export type StockType = "in" | "out";

export interface ShopProducts {
  readonly products: Product[];
  readonly numberOfProducts: number;
}

/** Reading products (spec §7 product/…). Public lists hold only products in stock. */
export interface ProductGateway {
  listProducts(): Promise<Result<Product[]>>;
  /** 'not-found' for an unknown product. */
  getProduct(id: number): Promise<Result<Product>>;
  getProductBySlug(slug: string): Promise<Result<Product>>;
  /** 'invalid-page' past the last page. */
  listProductsPage(page: number, pageSize: number): Promise<Result<Page<Product>>>;
  /** 'not-found' for an unknown category, 'invalid-page' past the last page. */
  listCategoryProductsPage(
    categoryId: number,
    page: number,
    pageSize: number,
  ): Promise<Result<Page<Product>>>;
  listSubCategoryProductsPage(
    subCategoryId: number,
    page: number,
    pageSize: number,
  ): Promise<Result<Page<Product>>>;
  /** A shop's products in stock, or with "out" those out of stock. */
  listShopProducts(shopId: number, stock?: StockType): Promise<Result<ShopProducts>>;
  searchProducts(query: string): Promise<Result<Product[]>>;
}
