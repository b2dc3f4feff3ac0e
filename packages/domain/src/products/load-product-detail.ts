import { LISTING_PAGE_SIZE, MORE_FROM_SHOP_COUNT } from "../constants.js";
import { ok, type Result, unwrapOr } from "../result.js";
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

export interface ProductDetailPorts {
  readonly products: Pick<
    ProductGateway,
    "getProductBySlug" | "getProduct" | "listShopProducts" | "listSubCategoryProductsPage"
  >;
  readonly shops: Pick<ShopGateway, "getShop" | "listShops">;
}

export type ProductRef = { readonly slug: string } | { readonly id: number };

/**
 * /item/{slug} (or /item with the stored product id). A missing product is 'not-found' (the page
 * says 'Product does not exist' and goes home); the related lists are extras, so their failures
 * leave them empty instead of failing the page.
 */
export async function loadProductDetail(
  ports: ProductDetailPorts,
  ref: ProductRef,
  viewerId?: number | null,
): Promise<Result<ProductDetail>> {
  const found =
    "slug" in ref ? await ports.products.getProductBySlug(ref.slug) : await ports.products.getProduct(ref.id);
  if (!found.ok) return found;
  const product = found.value;

  const [shop, shopProducts, sameSubCategory, shops] = await Promise.all([
    ports.shops.getShop(product.shopId),
    ports.products.listShopProducts(product.shopId),
    ports.products.listSubCategoryProductsPage(product.subCategoryId, 1, LISTING_PAGE_SIZE),
    ports.shops.listShops(),
  ]);

  const moreFromShop = unwrapOr(shopProducts, { products: [], numberOfProducts: 0 })
    .products.filter((p) => p.id !== product.id)
    .slice(0, MORE_FROM_SHOP_COUNT);
  const relatedFromOtherShops = (sameSubCategory.ok ? sameSubCategory.value.items : []).filter(
    (p) => p.shopId !== product.shopId,
  );
  const shopById = new Map(unwrapOr(shops, []).map((s) => [s.id, s]));
  const relatedShopIds = [...new Set(relatedFromOtherShops.map((p) => p.shopId))];
  const relatedShops = relatedShopIds.flatMap((id) => shopById.get(id) ?? []);
  const ownShop = shop.ok ? shop.value : null;

  return ok({
    product,
    shop: ownShop,
    isOwner: ownShop !== null && viewerId !== undefined && viewerId !== null && ownShop.owner === viewerId,
    moreFromShop,
    relatedFromOtherShops,
    relatedShops,
  });
}
