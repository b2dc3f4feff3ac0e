import { RECOMMENDED_FOR_YOU_COUNT } from "../constants.js";
import type { Product } from "../products/product.js";
import type { ProductGateway } from "../products/product-gateway.js";
import { ok, type Result } from "../result.js";
import type { Shop } from "./shop.js";
import type { ShopGateway } from "./shop-gateway.js";

export interface ShopPage {
  readonly shop: Shop;
  /** Owners see the admin page instead, without Chat/Follow (spec §2). */
  readonly isOwner: boolean;
  readonly products: Product[];
  readonly numberOfProducts: number;
  /** Null when the count could not be loaded. */
  readonly numberOfFollowers: number | null;
  /** 'Recommended for you': the first 8 products. */
  readonly recommended: Product[];
}

export interface ShopPagePorts {
  readonly shops: Pick<ShopGateway, "getShop" | "listFollowers">;
  readonly products: Pick<ProductGateway, "listShopProducts">;
}

/** /shops/shop/{encrypted id}: the shop, its products in stock and its follower count. */
export async function loadShopPage(
  ports: ShopPagePorts,
  shopId: number,
  viewerId?: number | null,
): Promise<Result<ShopPage>> {
  const [shop, products, followers] = await Promise.all([
    ports.shops.getShop(shopId),
    ports.products.listShopProducts(shopId),
    ports.shops.listFollowers(shopId),
  ]);
  if (!shop.ok) return shop;
  if (!products.ok) return products;
  return ok({
    shop: shop.value,
    isOwner: viewerId !== undefined && viewerId !== null && shop.value.owner === viewerId,
    products: products.value.products,
    numberOfProducts: products.value.numberOfProducts,
    numberOfFollowers: followers.ok ? followers.value.numberOfFollowers : null,
    recommended: products.value.products.slice(0, RECOMMENDED_FOR_YOU_COUNT),
  });
}
