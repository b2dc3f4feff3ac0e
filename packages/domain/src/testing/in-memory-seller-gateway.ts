import type { SubCategory } from "../catalogue/sub-category.js";
import { PRODUCT_BATCH_MAX, PRODUCT_IMAGES_MAX, SHOP_CATEGORIES_MAX } from "../constants.js";
import { moderationMessages } from "../messages/moderation.js";
import { sellerServerMessages } from "../messages/seller-server.js";
import { messages } from "../messages.js";
import { NEW_ACCOUNT_DAILY_PRODUCTS_DEFAULT } from "../moderation/report.js";
import { type Page, paginate } from "../page.js";
import type { Product, ProductFilter } from "../products/product.js";
import type { ProductGateway, ShopProducts, ShopProductsQuery } from "../products/product-gateway.js";
import { type DomainError, err, ok, type Result } from "../result.js";
import { shopNameKey } from "../selling/manage-shops.js";
import type {
  NewListedProduct,
  NewProduct,
  NewShop,
  OwnedProduct,
  ProductAdminGateway,
  ProductChange,
  ShopAdminGateway,
  ShopDetailsChange,
  ShopVerificationError,
  ShopVerificationGateway,
} from "../selling/seller-gateways.js";
import { SERVICE_CODES } from "../service-codes.js";
import type { Shop } from "../shops/shop.js";
import type { ShopGateway } from "../shops/shop-gateway.js";
import type { ShopVerificationRequest } from "../verification/shop-verification-request.js";
import { Failures } from "./failures.js";

import type { InMemoryUser } from "./in-memory-engagement-gateway.js";

type SellerMethod = keyof ShopAdminGateway | keyof ProductAdminGateway | keyof ShopVerificationGateway;

const notLoggedIn: DomainError = { kind: "unauthorized", message: messages.authServer.credentialsMissing };
const forbidden: DomainError = { kind: "forbidden", message: messages.authServer.adminOnly };
const shopNotFound: DomainError = { kind: "not-found", message: messages.api.shopNotFound };
const productNotFound: DomainError = { kind: "not-found", message: messages.api.productNotFound };
const invalid = (message: string): DomainError => ({ kind: "invalid", message });
const invalidFilterValue = (message: string): DomainError => ({
  kind: "invalid",
  message,
  fields: { filter_values: [message] },
  code: SERVICE_CODES.invalidFilterValue,
});

/** A filter of a sub category and its values, as the catalogue manager made them. */
export interface InMemoryFilter {
  readonly id: number;
  readonly name: string;
  readonly subCategoryId: number;
  readonly values: readonly { readonly id: number; readonly name: string }[];
}

/**
 * The shop owner's calls as the shop service answers them (issue 9): the identity comes from the
 * token, only a shop's owner changes it or its products, shop names are unique (case aside), a
 * product's sub category belongs to its category, SKUs are unique within a shop, 1 to 8 images,
 * one pending verification request per shop. Reads (shops, products of a shop) see every change.
 */
export class InMemorySellerGateway
  implements
    ShopAdminGateway,
    ProductAdminGateway,
    ShopVerificationGateway,
    Pick<ShopGateway, "getShop" | "listShops">,
    Pick<ProductGateway, "getProduct" | "getProductBySlug" | "listShopProducts">
{
  readonly failures = new Failures<SellerMethod, ShopVerificationError>();
  readonly verificationRequests = new Map<number, ShopVerificationRequest>();
  /** Every create and update the fake accepted, for tests that check what was sent. */
  readonly calls: { method: SellerMethod; id?: number }[] = [];
  /** Each stored picture's hashes by path; a test may set `served` as its downloads serve. */
  readonly imageHashes = new Map<string, { uploaded: string | null; served: string | null }>();
  /** How an upload's hash is made (the service: SHA-256); none by default. */
  uploadHash: (bytes: Uint8Array) => string | null = () => null;
  /** The sub categories' filters; a product carries at most one value of each of its own. */
  filters: InMemoryFilter[] = [];
  /** Users whose account is less than a day old: they list at most `newAccountDailyProducts`. */
  readonly newAccounts = new Set<number>();
  newAccountDailyProducts = NEW_ACCOUNT_DAILY_PRODUCTS_DEFAULT;
  private readonly productFilters = new Map<number, readonly number[]>();
  /** Products each user listed (all today, for the fake). */
  private readonly listedBy = new Map<number, number>();
  private nextId = 9000;
  private imageCount = 0;

  constructor(
    public users: InMemoryUser[] = [],
    public subCategories: SubCategory[] = [],
    public shops: Shop[] = [],
    public products: Product[] = [],
  ) {
    for (const product of products)
      if (product.filters)
        this.productFilters.set(
          product.id,
          product.filters.map((f) => f.valueId),
        );
  }

  // ---- shops ----

  async listMyShops(token: string): Promise<Result<Shop[]>> {
    return this.answer("listMyShops", () =>
      this.as(token, (user) => ok(this.shops.filter((s) => s.owner === user.id).sort((a, b) => b.id - a.id))),
    );
  }

  async createShop(token: string, shop: NewShop): Promise<Result<Shop>> {
    return this.answer("createShop", () =>
      this.as(token, (user) => {
        if (shop.categories.length < 1 || shop.categories.length > SHOP_CATEGORIES_MAX)
          return err(invalid(messages.selling.shopCategoriesTooMany));
        if (this.shops.some((s) => shopNameKey(s.name) === shopNameKey(shop.name)))
          return err(invalid(messages.selling.shopNameTaken));
        const id = this.nextId++;
        const created: Shop = {
          id,
          name: shop.name.trim(),
          bio: shop.bio ?? "",
          email: shop.email || null,
          phone: shop.phone || null,
          displayImage: shop.profileImage ? this.imagePath("shops") : null,
          coverImage: shop.coverImage ? this.imagePath("shops") : null,
          owner: user.id,
          verificationStatus: "UNVERIFIED",
          rating: null,
          categories: [...shop.categories],
          locationLatitude: shop.locationLatitude,
          locationLongitude: shop.locationLongitude,
        };
        this.shops.push(created);
        this.calls.push({ method: "createShop", id });
        return ok(created);
      }),
    );
  }

  async updateShop(token: string, shopId: number, change: ShopDetailsChange): Promise<Result<Shop>> {
    return this.answer("updateShop", () =>
      this.asOwner(token, shopId, (shop) => {
        const updated: Shop = {
          ...shop,
          ...(change.email !== undefined ? { email: change.email || null } : {}),
          ...(change.bio !== undefined ? { bio: change.bio } : {}),
          ...(change.phone !== undefined ? { phone: change.phone || null } : {}),
          ...(change.displayImage ? { displayImage: this.imagePath("shops") } : {}),
          ...(change.coverImage ? { coverImage: this.imagePath("shops") } : {}),
        };
        this.shops = this.shops.map((s) => (s.id === shopId ? updated : s));
        this.products = this.products.map((p) =>
          p.shopId === shopId ? { ...p, shopName: updated.name } : p,
        );
        this.calls.push({ method: "updateShop", id: shopId });
        return ok(updated);
      }),
    );
  }

  // ---- products ----

  async createProduct(token: string, product: NewProduct): Promise<Result<Product>> {
    const hashes = product.images.map((image) => this.uploadHash(image.bytes));
    return this.answer("createProduct", () =>
      this.asOwner(token, product.shopId, (shop) => {
        if (this.allowanceLeft(shop.owner) <= 0) return err(this.newAccountLimit());
        const checked = this.check(shop.id, product.categoryId, product.subCategoryId, product.sku, null);
        if (!checked.ok) return checked;
        const values = this.checkFilterValues(product.subCategoryId, product.filterValueIds);
        if (!values.ok) return values;
        if (product.images.length < 1) return err(invalid(messages.selling.imagesRequired));
        if (product.images.length > PRODUCT_IMAGES_MAX) return err(invalid(messages.selling.imagesTooMany));
        const images = hashes.map((hash) => this.imagePath("products", hash));
        return ok(
          this.withFilters(this.add(shop, product, checked.value, images, "createProduct", values.value)),
        );
      }),
    );
  }

  /**
   * As product/batch/ answers: the whole call fails as createProduct does for a refused token, an
   * unknown shop or someone else's (and for no products or more than PRODUCT_BATCH_MAX); each item
   * is answered in order, checked as createProduct checks it, its pictures named by paths (or URLs)
   * the shop's products show. A SKU an earlier item took is taken.
   */
  async createProducts(
    token: string,
    shopId: number,
    products: readonly NewListedProduct[],
  ): Promise<Result<Result<Product>[]>> {
    return this.answer("createProducts", () =>
      this.asOwner(token, shopId, (shop) => {
        if (products.length < 1 || products.length > PRODUCT_BATCH_MAX)
          return err(invalid(sellerServerMessages.batchSizeInvalid));
        const shown = new Set(this.products.filter((p) => p.shopId === shop.id).flatMap((p) => p.images));
        // A new account's day's allowance is spent by the items in order, refused or not.
        let left = this.allowanceLeft(shop.owner);
        return ok(
          products.map((product) =>
            left-- > 0 ? this.addListed(shop, product, shown) : err(this.newAccountLimit()),
          ),
        );
      }),
    );
  }

  /** One item of createProducts, in the server's order: fields, category, pictures, then SKU. */
  private addListed(shop: Shop, product: NewListedProduct, shown: ReadonlySet<string>): Result<Product> {
    const count = product.imagePaths.length;
    if (count < 1 || count > PRODUCT_IMAGES_MAX) return err(invalid(sellerServerMessages.batchImagesInvalid));
    const checked = this.check(shop.id, product.categoryId, product.subCategoryId, undefined, null);
    if (!checked.ok) return checked;
    const values = this.checkFilterValues(product.subCategoryId, product.filterValueIds);
    if (!values.ok) return values;
    const images = product.imagePaths.map((name) => pathOf(name));
    if (images.some((path) => !shown.has(path))) return err(invalid(sellerServerMessages.batchImageUnknown));
    const free = this.check(shop.id, product.categoryId, product.subCategoryId, product.sku, null);
    if (!free.ok) return free;
    return ok(
      this.withFilters(this.add(shop, product, checked.value, images, "createProducts", values.value)),
    );
  }

  private add(
    shop: Shop,
    product: Omit<NewProduct, "images" | "shopId">,
    sub: SubCategory,
    images: string[],
    method: SellerMethod,
    filterValues: readonly number[] = [],
  ): Product {
    const id = this.nextId++;
    this.productFilters.set(id, filterValues);
    this.listedBy.set(shop.owner, (this.listedBy.get(shop.owner) ?? 0) + 1);
    const created: Product = {
      id,
      name: product.name,
      slug: this.slugOf(product.name, id),
      description: product.description,
      price: product.price,
      inStock: product.inStock,
      images,
      shopId: shop.id,
      shopName: shop.name,
      shopVerificationStatus: shop.verificationStatus,
      categoryId: product.categoryId,
      categoryName: `Category ${product.categoryId}`,
      subCategoryId: product.subCategoryId,
      subCategoryName: sub.name,
      averageRating: 0,
      numberOfUsersRated: 0,
      sku: product.sku ?? null,
    };
    this.products.push(created);
    this.calls.push({ method, id });
    return created;
  }

  async updateProduct(token: string, productId: number, change: ProductChange): Promise<Result<Product>> {
    const hashes = (change.addedImages ?? []).map((image) => this.uploadHash(image.bytes));
    return this.answer("updateProduct", () => {
      const product = this.products.find((p) => p.id === productId);
      if (!this.user(token)) return err(notLoggedIn);
      if (!product) return err(productNotFound);
      return this.asOwner(token, product.shopId, () => {
        const categoryId = change.categoryId ?? product.categoryId;
        const subCategoryId = change.subCategoryId ?? product.subCategoryId;
        const checked = this.check(product.shopId, categoryId, subCategoryId, change.sku, product.id);
        if (!checked.ok) return checked;
        const values = this.checkFilterValues(subCategoryId, change.filterValueIds);
        if (!values.ok) return values;
        const removed = new Set(change.removedImages ?? []);
        if ([...removed].some((image) => !product.images.includes(image)))
          return err(invalid(messages.selling.imagesRemoveUnknown));
        const images = [
          ...product.images.filter((image) => !removed.has(image)),
          ...hashes.map((hash) => this.imagePath("products", hash)),
        ];
        if (images.length < 1) return err(invalid(messages.selling.imagesRequired));
        if (images.length > PRODUCT_IMAGES_MAX) return err(invalid(messages.selling.imagesTooMany));
        const updated: Product = {
          ...product,
          ...(change.name !== undefined ? { name: change.name } : {}),
          ...(change.description !== undefined ? { description: change.description } : {}),
          ...(change.price !== undefined ? { price: change.price } : {}),
          ...(change.inStock !== undefined ? { inStock: change.inStock } : {}),
          ...(change.sku !== undefined ? { sku: change.sku } : {}),
          categoryId,
          categoryName: categoryId === product.categoryId ? product.categoryName : `Category ${categoryId}`,
          subCategoryId,
          subCategoryName: checked.value.name,
          images,
        };
        this.products = this.products.map((p) => (p.id === productId ? updated : p));
        if (change.filterValueIds !== undefined) this.productFilters.set(productId, values.value);
        this.calls.push({ method: "updateProduct", id: productId });
        return ok(this.withFilters(updated));
      });
    });
  }

  async deleteProduct(token: string, productId: number): Promise<Result<void>> {
    return this.answer("deleteProduct", () => {
      const product = this.products.find((p) => p.id === productId);
      if (!this.user(token)) return err(notLoggedIn);
      if (!product) return err(productNotFound);
      return this.asOwner(token, product.shopId, () => {
        this.products = this.products.filter((p) => p.id !== productId);
        this.calls.push({ method: "deleteProduct", id: productId });
        return ok(undefined);
      });
    });
  }

  // ---- verification ----

  async requestShopVerification(
    token: string,
    request: ShopVerificationRequest,
  ): Promise<Result<void, ShopVerificationError>> {
    return this.failures.answer("requestShopVerification", () =>
      this.asOwner(token, request.shop, (shop): Result<void, ShopVerificationError> => {
        if (this.verificationRequests.has(shop.id)) return err({ kind: "taken" });
        this.verificationRequests.set(shop.id, request);
        this.shops = this.shops.map((s) => (s.id === shop.id ? { ...s, verificationStatus: "PENDING" } : s));
        return ok(undefined);
      }),
    );
  }

  // ---- reads ----

  async listShops(): Promise<Result<Shop[]>> {
    return ok([...this.shops].sort((a, b) => b.id - a.id));
  }

  async getShop(id: number): Promise<Result<Shop>> {
    const shop = this.shops.find((s) => s.id === id);
    return shop ? ok(shop) : err(shopNotFound);
  }

  async getProduct(id: number): Promise<Result<Product>> {
    const product = this.products.find((p) => p.id === id);
    return product ? ok(this.withFilters(product)) : err(productNotFound);
  }

  async getProductBySlug(slug: string): Promise<Result<Product>> {
    const product = this.products.find((p) => p.slug === slug);
    return product ? ok(this.withFilters(product)) : err(productNotFound);
  }

  async listShopProducts(
    shopId: number,
    { stock = "in", limit }: ShopProductsQuery = {},
  ): Promise<Result<ShopProducts>> {
    if (!this.shops.some((s) => s.id === shopId)) return err(shopNotFound);
    const products = this.products
      .filter((p) => p.shopId === shopId && (stock === "in" ? p.inStock > 0 : p.inStock === 0))
      .sort((a, b) => b.id - a.id);
    return ok({ products: products.slice(0, limit), numberOfProducts: products.length });
  }

  async listOwnedProducts(
    shopId: number,
    page: number,
    pageSize: number,
  ): Promise<Result<Page<OwnedProduct>>> {
    if (!this.shops.some((s) => s.id === shopId)) return err(shopNotFound);
    const owned = this.products
      .filter((p) => p.shopId === shopId)
      .sort((a, b) => a.id - b.id)
      .map((p) => ({
        ...p,
        imageHashes: p.images.map((path) => this.imageHashes.get(path) ?? { uploaded: null, served: null }),
        filters: this.filtersOf(p.id),
      }));
    return paginate(owned, page, pageSize);
  }

  // ---- helpers ----

  private answer<T>(method: SellerMethod, produce: () => Result<T>): Promise<Result<T>> {
    return Promise.resolve(this.failures.answer(method, produce) as Result<T>);
  }

  private user(token: string): InMemoryUser | undefined {
    return this.users.find((u) => u.token === token);
  }

  private as<T>(token: string, act: (user: InMemoryUser) => Result<T>): Result<T> {
    const user = this.user(token);
    return user ? act(user) : err(notLoggedIn);
  }

  private asOwner<T, E = DomainError>(
    token: string,
    shopId: number,
    act: (shop: Shop) => Result<T, E>,
  ): Result<T, E | DomainError> {
    const user = this.user(token);
    if (!user) return err(notLoggedIn);
    const shop = this.shops.find((s) => s.id === shopId);
    if (!shop) return err(shopNotFound);
    return shop.owner === user.id ? act(shop) : err(forbidden);
  }

  /** What a product page shows of the product's filter values: the page's `filters`. */
  private withFilters(product: Product): Product {
    const filters = this.filtersOf(product.id);
    return filters.length > 0 ? { ...product, filters } : product;
  }

  private filtersOf(productId: number): ProductFilter[] {
    const chosen = new Set(this.productFilters.get(productId) ?? []);
    return this.filters.flatMap((filter) =>
      filter.values
        .filter((v) => chosen.has(v.id))
        .map((v) => ({ filterId: filter.id, filterName: filter.name, valueId: v.id, valueName: v.name })),
    );
  }

  /** The values, when each is of a filter of the sub category and no filter has two; as sent. */
  private checkFilterValues(
    subCategoryId: number,
    ids: readonly number[] | undefined,
  ): Result<readonly number[]> {
    if (ids === undefined) return ok([]);
    const unique = [...new Set(ids)];
    const filterOf = unique.map(
      (id) =>
        this.filters.find((f) => f.subCategoryId === subCategoryId && f.values.some((v) => v.id === id))?.id,
    );
    if (filterOf.some((id) => id === undefined))
      return err(invalidFilterValue(sellerServerMessages.filterValueOfOtherSubCategory));
    if (new Set(filterOf).size !== filterOf.length)
      return err(invalidFilterValue(sellerServerMessages.filterValuesSameFilter));
    return ok(unique);
  }

  /** Products the owner may still list today: unbounded unless the account is a new one. */
  private allowanceLeft(owner: number): number {
    if (!this.newAccounts.has(owner) || this.newAccountDailyProducts <= 0) return Number.POSITIVE_INFINITY;
    return Math.max(0, this.newAccountDailyProducts - (this.listedBy.get(owner) ?? 0));
  }

  private newAccountLimit(): DomainError {
    return {
      kind: "too-many-attempts",
      message: moderationMessages.newAccountDailyProducts(this.newAccountDailyProducts),
      code: SERVICE_CODES.newAccountLimit,
    };
  }

  /** The sub category, when it belongs to the category and the SKU is free in the shop. */
  private check(
    shopId: number,
    categoryId: number,
    subCategoryId: number,
    sku: string | undefined,
    productId: number | null,
  ): Result<SubCategory> {
    const sub = this.subCategories.find((s) => s.id === subCategoryId);
    if (!sub || sub.categoryId !== categoryId) return err(invalid(messages.api.subCategoryNotFound));
    if (
      sku !== undefined &&
      this.products.some((p) => p.shopId === shopId && p.sku === sku && p.id !== productId)
    )
      return err(invalid(messages.selling.skuTaken));
    return ok(sub);
  }

  private slugOf(name: string, id: number): string {
    const base = name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "");
    return `${base || "product"}-${id.toString(36)}`;
  }

  private imagePath(folder: string, uploaded: string | null = null): string {
    this.imageCount += 1;
    const path = `/media/${folder}/image-${this.imageCount}.webp`;
    this.imageHashes.set(path, { uploaded, served: null });
    return path;
  }
}

/** A picture's path as a product shows it, from a path or a URL (as the service reads `images`). */
function pathOf(name: string): string {
  return name.replace(/^https?:\/\/[^/?#]*/i, "").replace(/[?#].*$/, "");
}
