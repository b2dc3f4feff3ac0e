import type { BannerItem } from "./banner-item.js";
import type { Product } from "./product.js";

/** Slides of the product banner carousel: products that have an image to show. */
export function bannerItems(products: readonly Product[]): BannerItem[] {
  return products
    .filter((p) => p.images.length > 0)
    .map((p) => ({ slug: p.slug, images: p.images, productName: p.name, productId: p.id, shopId: p.shopId }));
}
