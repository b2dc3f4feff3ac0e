import {
  err,
  type ImageUpload,
  mapResult,
  type NewListedProduct,
  type NewProduct,
  type OwnedProduct,
  ok,
  type Page,
  type Product,
  type ProductAdminGateway,
  type ProductChange,
  type Result,
} from "@katale/domain";
import { productBatchCalls } from "../contract/product-batch.js";
import { productCalls } from "../contract/products.js";
import { domainErrorOf, type HttpClient } from "../http/http-client.js";
import type { MultipartFields } from "../http/multipart-body.js";
import { toPage } from "../http/page-mapping.js";
import { toProduct } from "./product-wire-mapping.js";

/** `image_1`..`image_N` and `number_of_images` (spec §7). */
function imageFields(images: readonly ImageUpload[]): Record<string, ImageUpload | number> {
  const fields: Record<string, ImageUpload | number> = { number_of_images: images.length };
  images.forEach((image, index) => {
    fields[`image_${index + 1}`] = image;
  });
  return fields;
}

/** `filter_values`: a JSON array of value ids, left out when none are given. */
const filterValuesField = (ids: readonly number[] | undefined) =>
  ids === undefined ? undefined : JSON.stringify(ids);

/** `POST product/`, `PATCH product/{id}/` (multipart, spec §7 with its image flags), `DELETE product/{id}/`. */
export class ProductAdminHttpGateway implements ProductAdminGateway {
  constructor(private readonly http: HttpClient) {}

  async listOwnedProducts(
    shopId: number,
    page: number,
    pageSize: number,
  ): Promise<Result<Page<OwnedProduct>>> {
    const answer = await this.http.call(productCalls.byShopPaged, {
      params: { shopId },
      query: { page, page_size: pageSize },
    });
    return mapResult(answer, (body) =>
      toPage(body, page, (wire) => ({
        ...toProduct(wire),
        imageHashes: wire.image_hashes.map((h) => ({ uploaded: h.uploaded_sha256, served: h.served_sha256 })),
        filters: wire.filters.map((f) => ({
          filterId: f.filter_id,
          filterName: f.filter_name,
          valueId: f.value_id,
          valueName: f.value_name,
        })),
      })),
    );
  }

  async createProduct(token: string, product: NewProduct): Promise<Result<Product>> {
    const answer = await this.http.call(productCalls.create, {
      token,
      form: {
        shop_id: product.shopId,
        product_name: product.name,
        description: product.description,
        price: product.price,
        in_stock: product.inStock,
        category_id: product.categoryId,
        sub_category_id: product.subCategoryId,
        sku: product.sku,
        filter_values: filterValuesField(product.filterValueIds),
        ...imageFields(product.images),
      },
    });
    return mapResult(answer, (body) => toProduct(body.data));
  }

  async createProducts(
    token: string,
    shopId: number,
    products: readonly NewListedProduct[],
  ): Promise<Result<Result<Product>[]>> {
    const answer = await this.http.call(productBatchCalls.createBatch, {
      token,
      body: {
        shop_id: shopId,
        products: products.map((product) => ({
          product_name: product.name,
          description: product.description,
          price: product.price,
          in_stock: product.inStock,
          category_id: product.categoryId,
          sub_category_id: product.subCategoryId,
          sku: product.sku,
          filter_values: filterValuesField(product.filterValueIds),
          images: product.imagePaths,
        })),
      },
    });
    return mapResult(answer, (body) =>
      body.data.map((one) =>
        "product" in one
          ? ok(toProduct(one.product))
          : err(domainErrorOf({ kind: "status", status: one.status, body: one.error })),
      ),
    );
  }

  async updateProduct(token: string, productId: number, change: ProductChange): Promise<Result<Product>> {
    const removed = change.removedImages ?? [];
    const added = change.addedImages ?? [];
    const form: MultipartFields = {
      product_name: change.name,
      description: change.description,
      price: change.price,
      in_stock: change.inStock,
      category_id: change.categoryId,
      sub_category_id: change.subCategoryId,
      sku: change.sku,
      filter_values: filterValuesField(change.filterValueIds),
      ...(removed.length > 0 || added.length > 0
        ? {
            are_images_modified: "true",
            are_there_removed_images: String(removed.length > 0),
            removed_images_urls: removed.length > 0 ? JSON.stringify(removed) : undefined,
            are_there_added_images: String(added.length > 0),
            ...imageFields(added),
          }
        : {}),
    };
    const answer = await this.http.call(productCalls.update, { token, params: { id: productId }, form });
    return mapResult(answer, (body) => toProduct(body.data));
  }

  async deleteProduct(token: string, productId: number): Promise<Result<void>> {
    const answer = await this.http.call(productCalls.remove, { token, params: { id: productId } });
    return mapResult(answer, () => undefined);
  }
}
