import type { ImageUpload } from "../media/image-upload.js";
import type { Page } from "../page.js";
import type { Product } from "../products/product.js";
import type { DomainError, Result } from "../result.js";
import type { Shop } from "../shops/shop.js";
import type { ShopVerificationRequest } from "../verification/shop-verification-request.js";

// The shop owner's ports (issue 9, spec §7 shop/, product/, verification/shop/). Every call takes
// the token; the service refuses a visitor ('unauthorized') and anyone but the shop's owner
// ('forbidden', HTTP 403).

/** A new shop: name and location required, 1 to 3 category ids, the rest optional. */
export interface NewShop {
  readonly name: string;
  readonly categories: readonly number[];
  readonly locationLatitude: number;
  readonly locationLongitude: number;
  readonly bio?: string;
  readonly email?: string;
  readonly phone?: string;
  readonly profileImage?: ImageUpload;
  readonly coverImage?: ImageUpload;
}

/** /account/shop-details: what is given changes, the rest stays. */
export interface ShopDetailsChange {
  readonly email?: string;
  readonly bio?: string;
  readonly phone?: string;
  readonly displayImage?: ImageUpload;
  readonly coverImage?: ImageUpload;
}

/** Creating, editing and listing one's own shops. */
export interface ShopAdminGateway {
  /** The shops the token's user owns, newest first. */
  listMyShops(token: string): Promise<Result<Shop[]>>;
  /** 'invalid' for a taken name (case aside) or a value the service refuses. */
  createShop(token: string, shop: NewShop): Promise<Result<Shop>>;
  /** 'not-found' for an unknown shop, 'forbidden' for someone else's. */
  updateShop(token: string, shopId: number, change: ShopDetailsChange): Promise<Result<Shop>>;
}

/** A new product of one of the user's shops; the first image is the display image. */
export interface NewProduct {
  readonly shopId: number;
  readonly name: string;
  readonly description: string;
  readonly price: number;
  readonly inStock: number;
  readonly categoryId: number;
  readonly subCategoryId: number;
  readonly images: readonly ImageUpload[];
  readonly sku?: string;
  /** Filter values of the sub category's filters, at most one per filter. */
  readonly filterValueIds?: readonly number[];
}

/**
 * A product of a batch create: a new product whose pictures are ones its shop's products already
 * show, named by their paths (`/media/products/x.webp`).
 */
export interface NewListedProduct extends Omit<NewProduct, "images" | "shopId"> {
  readonly imagePaths: readonly string[];
}

/**
 * A product edit: fields given change, the rest stays. `removedImages` are image paths as the
 * product answers them; `addedImages` go after the images that stay. At least one image remains.
 */
export interface ProductChange {
  readonly name?: string;
  readonly description?: string;
  readonly price?: number;
  readonly inStock?: number;
  readonly categoryId?: number;
  readonly subCategoryId?: number;
  readonly sku?: string;
  /** Replaces the product's filter values. */
  readonly filterValueIds?: readonly number[];
  readonly removedImages?: readonly string[];
  readonly addedImages?: readonly ImageUpload[];
}

/**
 * What identifies one picture of a product: the SHA-256 (hex) of the file uploaded and of the file
 * served at its path (the service re-encodes uploads). Null when the service does not know it.
 */
export interface ImageHashes {
  readonly uploaded: string | null;
  readonly served: string | null;
}

/** A product as its owner's tools read it: with its pictures' hashes, in the images' order. */
export interface OwnedProduct extends Product {
  readonly imageHashes: readonly ImageHashes[];
  /** The filter values it carries, by filter id (the product page's `filters`, always present). */
  readonly filters: OwnedProductFilter[];
}

/** One filter value a product carries: the filter of its sub category and the value chosen. */
export interface OwnedProductFilter {
  readonly filterId: number;
  readonly filterName: string;
  readonly valueId: number;
  readonly valueName: string;
}

/** Adding, editing and deleting products (and so setting stock). */
export interface ProductAdminGateway {
  /**
   * Every product of a shop, in and out of stock, oldest first, a page at a time (GET
   * product/shop/{id}/paginated/); 'not-found' for an unknown shop, 'invalid-page' past the end.
   */
  listOwnedProducts(shopId: number, page: number, pageSize: number): Promise<Result<Page<OwnedProduct>>>;
  /** 'not-found' for an unknown shop, 'forbidden' for someone else's, 'invalid' for refused input. */
  createProduct(token: string, product: NewProduct): Promise<Result<Product>>;
  /**
   * Many products of one shop at once (POST product/batch/), each answered on its own, in order:
   * the product or why it was refused. The whole call fails as createProduct does for an unknown
   * shop, someone else's or a refused token ('not-found' too from a service older than the call).
   */
  createProducts(
    token: string,
    shopId: number,
    products: readonly NewListedProduct[],
  ): Promise<Result<Result<Product>[]>>;
  updateProduct(token: string, productId: number, change: ProductChange): Promise<Result<Product>>;
  /** Removes the product and what points at it (saves, history, ratings, reviews). */
  deleteProduct(token: string, productId: number): Promise<Result<void>>;
}

/** What asking for a shop's verification can answer besides the usual failures. */
export type ShopVerificationError = DomainError | { readonly kind: "taken" };

/** POST verification/shop/: one pending request per shop ('taken' for a second). */
export interface ShopVerificationGateway {
  requestShopVerification(
    token: string,
    request: ShopVerificationRequest,
  ): Promise<Result<void, ShopVerificationError>>;
}
