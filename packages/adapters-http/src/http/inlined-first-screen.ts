import { browseQueryString, ok, type Result } from "@katale/domain";
import { toCategory, toSubCategory } from "../catalogue/catalogue-wire-mapping.js";
import type { CategoryWire, SubCategoryListingWire } from "../contract/catalogue.js";
import type { BrowseAnswerWire } from "../contract/find.js";
import type { ProductWire } from "../contract/products.js";
import type { FeaturedShopWire, ShopWire } from "../contract/shops.js";
import { toBrowseResult } from "../find/find-wire-mapping.js";
import { toProduct } from "../products/product-wire-mapping.js";
import { toFeaturedShop, toShop } from "../shops/shop-wire-mapping.js";
import type { HttpGateways } from "./create-http-gateways.js";

// The answers the server wrote into the page for its first screen (`/`, a product, a category) are
// read here without the contract's zod schemas or its call definitions: they come from our own
// server, in the same HTML as the app, so they are already what the contract says. A browser's
// first visit then needs neither zod nor the gateways' code to draw its first screen (both load on
// the first call that asks the network: deferred-gateways.ts). Only the type imports above touch
// the contract.

/** The body the page carries for a GET of `url` (parsed JSON), or undefined when it carries none. */
export type InlinedAnswers = (url: string) => Promise<unknown> | undefined;

/**
 * The first screens' calls, by their path from the shop service's base: the same paths as the
 * contract's (`productCalls.list` and so on; inlined-first-screen.test.ts holds them together).
 */
export const INLINED_CALL_PATHS = {
  products: "product/",
  trending: "product/trending/",
  productBySlug: "product/slug/:slug/",
  shopProducts: "product/shop/:shopId/",
  related: "product/related/:id/",
  categories: "category/",
  subCategoriesOf: "category/subcategory/:categoryId/",
  topRatedShops: "shop/top-rated/",
  shop: "shop/:id/",
  shops: "shop/",
  browse: "product/browse/",
} as const;

type FirstScreenPorts = Pick<HttpGateways, "products" | "categories" | "shops" | "finder">;

/** `port`, with the methods of `own` in place of its own. */
function overriding<T extends object>(port: T, own: Partial<T>): T {
  return new Proxy(port, {
    get: (target, name, receiver) =>
      Object.hasOwn(own, name) ? own[name as keyof T] : Reflect.get(target, name, receiver),
  });
}

/**
 * `gateways`, except that the first screens' calls answer from the page's inlined answers while it
 * has them (`inlined`), mapped to the domain as the gateways map them. A call the page carries no
 * answer for, or one that does not map, goes to the gateway.
 */
export function withInlinedFirstScreen<G extends FirstScreenPorts>(
  gateways: G,
  shopUrl: string,
  inlined: InlinedAnswers,
): G {
  const base = shopUrl.endsWith("/") ? shopUrl : `${shopUrl}/`;
  const read = async <T>(path: string, map: (body: never) => T, otherwise: () => Promise<Result<T>>) => {
    const answer = inlined(new URL(path, base).href);
    if (answer === undefined) return otherwise();
    try {
      return ok(map((await answer) as never));
    } catch {
      return otherwise();
    }
  };
  const productList = (body: { data: ProductWire[] }) => body.data.map(toProduct);
  const { products, categories, shops, finder } = gateways;
  return {
    ...gateways,
    products: overriding(products, {
      listProducts: () => read(INLINED_CALL_PATHS.products, productList, () => products.listProducts()),
      listTrending: () => read(INLINED_CALL_PATHS.trending, productList, () => products.listTrending()),
      getProductBySlug: (slug, token) =>
        read(
          INLINED_CALL_PATHS.productBySlug.replace(":slug", encodeURIComponent(slug)),
          (body: { data: ProductWire }) => toProduct(body.data),
          () => products.getProductBySlug(slug, token),
        ),
      // What a product's page shows around it (domain loadProductSurroundings), as the server asks it.
      listShopProducts: (shopId, query = {}) =>
        query.stock === "out" || query.limit === undefined
          ? products.listShopProducts(shopId, query)
          : read(
              `${INLINED_CALL_PATHS.shopProducts.replace(":shopId", String(shopId))}?limit=${query.limit}`,
              (body: { data: ProductWire[]; number_of_products: number }) => ({
                products: body.data.map(toProduct),
                numberOfProducts: body.number_of_products,
              }),
              () => products.listShopProducts(shopId, query),
            ),
      listRelatedProducts: (productId, limit) =>
        read(
          `${INLINED_CALL_PATHS.related.replace(":id", String(productId))}?limit=${limit}`,
          productList,
          () => products.listRelatedProducts(productId, limit),
        ),
    }),
    categories: overriding(categories, {
      listCategories: () =>
        read(
          INLINED_CALL_PATHS.categories,
          (body: { categories: CategoryWire[] }) => body.categories.map(toCategory),
          () => categories.listCategories(),
        ),
      listSubCategoriesOf: (categoryId) =>
        read(
          INLINED_CALL_PATHS.subCategoriesOf.replace(":categoryId", String(categoryId)),
          (body: { sub_categories: SubCategoryListingWire[] }) => body.sub_categories.map(toSubCategory),
          () => categories.listSubCategoriesOf(categoryId),
        ),
    }),
    // The page carries a category's first page, nothing narrowed: the same query string is asked
    // only when the page's listing asks that (any other browse finds no answer and goes out).
    finder: overriding(finder, {
      browse: (ask) =>
        read(
          `${INLINED_CALL_PATHS.browse}?${browseQueryString(ask)}`,
          (body: BrowseAnswerWire) => toBrowseResult(body, ask.page ?? 1),
          () => finder.browse(ask),
        ),
    }),
    shops: overriding(shops, {
      listTopRated: () =>
        read(
          INLINED_CALL_PATHS.topRatedShops,
          (body: { data: FeaturedShopWire[] }) => body.data.map(toFeaturedShop),
          () => shops.listTopRated(),
        ),
      getShop: (id) =>
        read(
          INLINED_CALL_PATHS.shop.replace(":id", String(id)),
          (body: { data: ShopWire }) => toShop(body.data),
          () => shops.getShop(id),
        ),
      listShopsByIds: (ids) =>
        read(
          `${INLINED_CALL_PATHS.shops}?ids=${ids.join(",")}`,
          (body: { data: ShopWire[] }) => body.data.map(toShop),
          () => shops.listShopsByIds(ids),
        ),
    }),
  };
}
