import type { ProductWire } from "../contract/index.js";

/** A product as the shop service sends it (a bicycle pump of a verified shop); `overrides` change fields. */
export function aProductWire(overrides: Partial<ProductWire> = {}): ProductWire {
  return {
    product_id: 7,
    product_name: "Bicycle pump",
    slug: "bicycle-pump-3eel",
    description: "A pump",
    price: 25_000,
    in_stock: 3,
    images: ["/media/products/pump.webp"],
    shop_id: 2,
    shop_name: "Kampala Cycles",
    shop_verification_status: "VERIFIED",
    category_id: 1,
    category_name: "Sports",
    sub_category_id: 4,
    sub_category_name: "Bicycles",
    average_rating: 4.5,
    number_of_users_rated: 2,
    sku: null,
    ...overrides,
  };
}
