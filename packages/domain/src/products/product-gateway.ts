import type { Page } from "../page.js";
import type { Result } from "../result.js";
import type { Product } from "./product.js";

export type StockType = "in" | "out";

/** Which of a shop's products to list: in stock (default) or out of stock, and at most how many. */
export interface ShopProductsQuery {
  readonly stock?: StockType;
  /** Default (and at most): the service's own cap; `numberOfProducts` still counts them all. */
  readonly limit?: number;
}

export interface ShopProducts {
  readonly products: Product[];
  readonly numberOfProducts: number;
}

/** Reading products (spec §7 product/…). Public lists hold only products in stock. */
export interface ProductGateway {
  listProducts(): Promise<Result<Product[]>>;
  /** 'not-found' for an unknown product. */
  getProduct(id: number): Promise<Result<Product>>;
  /** With the owner's (or an admin's) token, a product moderators hid comes with its `moderation`. */
  getProductBySlug(slug: string, token?: string): Promise<Result<Product>>;
  /**
   * Trending (the home page): what people rated, saved and viewed most lately, at most two products
   * of one shop.
   */
  listTrending(): Promise<Result<Product[]>>;
  /**
   * A page of For you (the home page): every listed product, newest first, but at most two of one
   * shop on a page while other shops have products left; 'invalid-page' past the last page.
   */
  listForYouPage(page: number, pageSize: number): Promise<Result<Page<Product>>>;
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
  /** A shop's products in stock (or out of stock), newest first. */
  listShopProducts(shopId: number, query?: ShopProductsQuery): Promise<Result<ShopProducts>>;
  /**
   * 'Related products from other shops': in-stock products of the product's sub category sold by
   * other shops, newest first, at most `limit`; 'not-found' for an unknown product.
   */
  listRelatedProducts(productId: number, limit: number): Promise<Result<Product[]>>;
  searchProducts(query: string): Promise<Result<Product[]>>;
}
