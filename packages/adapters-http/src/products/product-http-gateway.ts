import {
  mapResult,
  type Page,
  type Product,
  type ProductGateway,
  type Result,
  type ShopProducts,
  type ShopProductsQuery,
} from "@katale/domain";
import { productCalls } from "../contract/products.js";
import type { HttpClient } from "../http/http-client.js";
import { toPage } from "../http/page-mapping.js";
import { toProduct } from "./product-wire-mapping.js";

export class ProductHttpGateway implements ProductGateway {
  constructor(private readonly http: HttpClient) {}

  async listProducts(): Promise<Result<Product[]>> {
    return mapResult(await this.http.call(productCalls.list), (body) => body.data.map(toProduct));
  }

  async getProduct(id: number): Promise<Result<Product>> {
    return mapResult(await this.http.call(productCalls.getById, { params: { id } }), (body) =>
      toProduct(body.data),
    );
  }

  async getProductBySlug(slug: string, token?: string): Promise<Result<Product>> {
    const answer = await this.http.call(productCalls.getBySlug, {
      params: { slug },
      ...(token !== undefined && { token }),
    });
    return mapResult(answer, (body) => toProduct(body.data));
  }

  async listTrending(): Promise<Result<Product[]>> {
    return mapResult(await this.http.call(productCalls.trending), (body) => body.data.map(toProduct));
  }

  async listForYouPage(page: number, pageSize: number): Promise<Result<Page<Product>>> {
    const answer = await this.http.call(productCalls.forYou, { query: { page, page_size: pageSize } });
    return mapResult(answer, (body) => toPage(body, page, toProduct));
  }

  async listProductsPage(page: number, pageSize: number): Promise<Result<Page<Product>>> {
    const answer = await this.http.call(productCalls.paginated, { query: { page, page_size: pageSize } });
    return mapResult(answer, (body) => toPage(body, page, toProduct));
  }

  async listCategoryProductsPage(
    categoryId: number,
    page: number,
    pageSize: number,
  ): Promise<Result<Page<Product>>> {
    const answer = await this.http.call(productCalls.byCategory, {
      params: { id: categoryId },
      query: { page, page_size: pageSize },
    });
    return mapResult(answer, (body) => toPage(body, page, toProduct));
  }

  async listSubCategoryProductsPage(
    subCategoryId: number,
    page: number,
    pageSize: number,
  ): Promise<Result<Page<Product>>> {
    const answer = await this.http.call(productCalls.bySubCategory, {
      params: { id: subCategoryId },
      query: { page, page_size: pageSize },
    });
    return mapResult(answer, (body) => toPage(body, page, toProduct));
  }

  async listShopProducts(
    shopId: number,
    { stock = "in", limit }: ShopProductsQuery = {},
  ): Promise<Result<ShopProducts>> {
    const answer = await this.http.call(productCalls.byShop, {
      params: { shopId },
      query: { stock_type: stock === "out" ? "out" : undefined, limit },
    });
    return mapResult(answer, (body) => ({
      products: body.data.map(toProduct),
      numberOfProducts: body.number_of_products,
    }));
  }

  async listRelatedProducts(productId: number, limit: number): Promise<Result<Product[]>> {
    const answer = await this.http.call(productCalls.related, {
      params: { id: productId },
      query: { limit },
    });
    return mapResult(answer, (body) => body.data.map(toProduct));
  }

  async searchProducts(query: string): Promise<Result<Product[]>> {
    const answer = await this.http.call(productCalls.search, { body: { search_query: query } });
    return mapResult(answer, (body) => body.products.map(toProduct));
  }
}
