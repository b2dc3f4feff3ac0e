import type { Product } from "@katale/domain";
import type { ProductFilterWire, ProductWire } from "../contract/products.js";

/** A product of any answer; the product's own answers (detail, create, edit) carry its `filters`. */
export function toProduct(
  wire: ProductWire & {
    readonly filters?: readonly ProductFilterWire[];
    readonly moderation?: { readonly hidden: true; readonly note: string };
  },
): Product {
  return {
    id: wire.product_id,
    name: wire.product_name,
    slug: wire.slug,
    description: wire.description,
    price: wire.price,
    inStock: wire.in_stock,
    images: wire.images,
    shopId: wire.shop_id,
    shopName: wire.shop_name,
    shopVerificationStatus: wire.shop_verification_status,
    categoryId: wire.category_id,
    categoryName: wire.category_name,
    subCategoryId: wire.sub_category_id,
    subCategoryName: wire.sub_category_name,
    averageRating: wire.average_rating,
    numberOfUsersRated: wire.number_of_users_rated,
    // Only when the service says it, so products of answers without one stay as they were.
    ...(wire.sku !== undefined ? { sku: wire.sku } : {}),
    // A product's own answers carry its filter values; none is the same as the listings' silence.
    ...(wire.filters !== undefined && wire.filters.length > 0
      ? {
          filters: wire.filters.map((f) => ({
            filterId: f.filter_id,
            filterName: f.filter_name,
            valueId: f.value_id,
            valueName: f.value_name,
          })),
        }
      : {}),
    ...(wire.moderation !== undefined ? { moderation: { hidden: true, note: wire.moderation.note } } : {}),
  };
}
