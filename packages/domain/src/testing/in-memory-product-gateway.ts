import type { Category } from "../catalogue/category.js";
import type { SubCategory } from "../catalogue/sub-category.js";
import type { Page } from "../page.js";
import type { Product } from "../products/product.js";
import type { ProductGateway, ShopProducts, ShopProductsQuery } from "../products/product-gateway.js";
import { selectTrending } from "../products/select-trending.js";
import { spreadShops } from "../products/shop-spread.js";
import { err, mapResult, ok, type Result } from "../result.js";
import { Failures } from "./failures.js";
import { paginate } from "./paginate.js";

/** The categories and sub categories the fake knows (an `InMemoryCategoryGateway` will do). */
export interface KnownCatalogue {
  readonly categories: readonly Pick<Category, "id">[];
  readonly subCategories: readonly Pick<SubCategory, "id">[];
}

/**
 * Answers like the shop service: lists hold products in stock in the order of `products`, which the
 * fake takes to be the service's order, the newest first (add a new product with `unshift`); pages
 * past the end are invalid. Given the `catalogue`, an unknown category or sub category is
 * 'not-found' as on the service; without it every id counts as a known, perhaps empty, one.
 */
export class InMemoryProductGateway implements ProductGateway {
  readonly failures = new Failures<keyof ProductGateway>();
  /** Every page request, for tests that check what was asked. */
  readonly pageRequests: { page: number; pageSize: number }[] = [];

  constructor(
    public products: Product[] = [],
    public catalogue?: KnownCatalogue,
  ) {}

  private get listed(): Product[] {
    return this.products.filter((p) => p.inStock > 0);
  }

  async listProducts(): Promise<Result<Product[]>> {
    return this.failures.answer("listProducts", () => ok(this.listed));
  }

  async getProduct(id: number): Promise<Result<Product>> {
    return this.failures.answer("getProduct", () => this.find((p) => p.id === id));
  }

  async getProductBySlug(slug: string): Promise<Result<Product>> {
    return this.failures.answer("getProductBySlug", () => this.find((p) => p.slug === slug));
  }

  async listTrending(): Promise<Result<Product[]>> {
    return this.failures.answer("listTrending", () => ok(selectTrending(this.listed)));
  }

  async listForYouPage(page: number, pageSize: number): Promise<Result<Page<Product>>> {
    this.pageRequests.push({ page, pageSize });
    return this.failures.answer("listForYouPage", () =>
      paginate(spreadShops(this.listed, pageSize), page, pageSize),
    );
  }

  async listProductsPage(page: number, pageSize: number): Promise<Result<Page<Product>>> {
    this.pageRequests.push({ page, pageSize });
    return this.failures.answer("listProductsPage", () => paginate(this.listed, page, pageSize));
  }

  async listCategoryProductsPage(
    categoryId: number,
    page: number,
    pageSize: number,
  ): Promise<Result<Page<Product>>> {
    this.pageRequests.push({ page, pageSize });
    return this.failures.answer("listCategoryProductsPage", () =>
      this.catalogue !== undefined && !this.catalogue.categories.some((c) => c.id === categoryId)
        ? err({ kind: "not-found", message: "Category not found" })
        : paginate(
            this.listed.filter((p) => p.categoryId === categoryId),
            page,
            pageSize,
          ),
    );
  }

  async listSubCategoryProductsPage(
    subCategoryId: number,
    page: number,
    pageSize: number,
  ): Promise<Result<Page<Product>>> {
    return this.failures.answer("listSubCategoryProductsPage", () =>
      this.catalogue !== undefined && !this.catalogue.subCategories.some((s) => s.id === subCategoryId)
        ? err({ kind: "not-found", message: "Sub category not found" })
        : paginate(
            this.listed.filter((p) => p.subCategoryId === subCategoryId),
            page,
            pageSize,
          ),
    );
  }

  async listShopProducts(
    shopId: number,
    { stock = "in", limit }: ShopProductsQuery = {},
  ): Promise<Result<ShopProducts>> {
    return this.failures.answer("listShopProducts", () => {
      const products = this.products.filter(
        (p) => p.shopId === shopId && (stock === "in" ? p.inStock > 0 : p.inStock === 0),
      );
      return ok({ products: products.slice(0, limit), numberOfProducts: products.length });
    });
  }

  async listRelatedProducts(productId: number, limit: number): Promise<Result<Product[]>> {
    return this.failures.answer("listRelatedProducts", () =>
      mapResult(
        this.find((p) => p.id === productId),
        (product) =>
          this.listed
            .filter((p) => p.subCategoryId === product.subCategoryId && p.shopId !== product.shopId)
            .slice(0, limit),
      ),
    );
  }

  async searchProducts(query: string): Promise<Result<Product[]>> {
    const wanted = query.toLowerCase();
    return this.failures.answer("searchProducts", () =>
      ok(this.listed.filter((p) => p.name.toLowerCase().includes(wanted))),
    );
  }

  private find(match: (p: Product) => boolean): Result<Product> {
    const product = this.products.find(match);
    return product === undefined ? err({ kind: "not-found", message: "Product not found" }) : ok(product);
  }
}
