import { LISTING_PAGE_SIZE, MORE_FROM_SHOP_COUNT } from "../constants.js";
import { ok, type Result } from "../result.js";
import type { Shop } from "../shops/shop.js";
import type { ShopGateway } from "../shops/shop-gateway.js";
import type { Product } from "./product.js";
import type { ProductGateway } from "./product-gateway.js";

export interface ProductDetail {
  readonly product: Product;
  /** Null when the shop could not be loaded (the page still shows the product). */
  readonly shop: Shop | null;
  /** The viewer owns the product's shop: no Chat/Follow. */
  readonly isOwner: boolean;
  /** 'More products from us': the shop's other products, first 8. */
  readonly moreFromShop: Product[];
  /** 'Related products from other shops': same sub category, other shops. */
  readonly relatedFromOtherShops: Product[];
  /** The shops those related products come from, in order. */
  readonly relatedShops: Shop[];
}

export type ProductRef = { readonly slug: string } | { readonly id: number };

export type FindProductPorts = {
  readonly products: Pick<ProductGateway, "getProductBySlug" | "getProduct">;
};

export interface ProductSurroundingsPorts {
  readonly products: Pick<ProductGateway, "listShopProducts" | "listRelatedProducts">;
  readonly shops: Pick<ShopGateway, "getShop" | "listShopsByIds">;
}

export type ProductDetailPorts = FindProductPorts & ProductSurroundingsPorts;

/**
 * How many products loadProductSurroundings asks for around a product: the shop's (one more than
 * shown: the product itself may be among them) and related ones (one listing page, as before). The
 * server asks the same when it writes a product's page with its first answers.
 */
export const PRODUCT_SURROUNDINGS_LIMITS = {
  shopProducts: MORE_FROM_SHOP_COUNT + 1,
  related: LISTING_PAGE_SIZE,
} as const;

/**
 * /item/{slug} (or /item with the stored product id). A missing product is 'not-found' (the page
 * says 'Product does not exist' and goes home).
 */
export async function findProduct(ports: FindProductPorts, ref: ProductRef): Promise<Result<Product>> {
  return "slug" in ref ? ports.products.getProductBySlug(ref.slug) : ports.products.getProduct(ref.id);
}

/**
 * Everything the page shows around a product it already has: its shop, the shop's other products,
 * related products and their shops. These are extras, so a failure leaves its part empty instead of
 * failing the page; each list is asked for no more than the page shows.
 */
export async function loadProductSurroundings(
  ports: ProductSurroundingsPorts,
  product: Product,
  viewerId?: number | null,
): Promise<ProductDetail> {
  const [shop, shopProducts, related] = await Promise.all([
    ports.shops.getShop(product.shopId),
    ports.products.listShopProducts(product.shopId, { limit: PRODUCT_SURROUNDINGS_LIMITS.shopProducts }),
    ports.products.listRelatedProducts(product.id, PRODUCT_SURROUNDINGS_LIMITS.related),
  ]);
  const moreFromShop = (shopProducts.ok ? shopProducts.value.products : [])
    .filter((p) => p.id !== product.id)
    .slice(0, MORE_FROM_SHOP_COUNT);
  const relatedFromOtherShops = related.ok ? related.value : [];
  const relatedShopIds = [...new Set(relatedFromOtherShops.map((p) => p.shopId))];
  const relatedShops = relatedShopIds.length === 0 ? null : await ports.shops.listShopsByIds(relatedShopIds);
  const ownShop = shop.ok ? shop.value : null;

  return {
    product,
    shop: ownShop,
    isOwner: ownShop !== null && viewerId !== undefined && viewerId !== null && ownShop.owner === viewerId,
    moreFromShop,
    relatedFromOtherShops,
    relatedShops: relatedShops?.ok ? relatedShops.value : [],
  };
}

/** The product and everything around it, in one call (the CLI's `products show`). */
export async function loadProductDetail(
  ports: ProductDetailPorts,
  ref: ProductRef,
  viewerId?: number | null,
): Promise<Result<ProductDetail>> {
  const found = await findProduct(ports, ref);
  if (!found.ok) return found;
  return ok(await loadProductSurroundings(ports, found.value, viewerId));
}
