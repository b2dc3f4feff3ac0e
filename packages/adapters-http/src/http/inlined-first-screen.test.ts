import { loadProductSurroundings } from "@katale/domain";
import { describe, expect, it } from "vitest";
import { catalogueCalls, findCalls, productCalls, shopCalls } from "../contract/index.js";
import type { ShopWire } from "../contract/shops.js";
import { toProduct } from "../products/product-wire-mapping.js";
import { aProductWire } from "../testing/wire-builders.js";
import { createDeferredHttpGateways } from "./create-deferred-http-gateways.js";
import type { FetchLike } from "./fetch-like.js";
import { INLINED_CALL_PATHS } from "./inlined-first-screen.js";

const pump = aProductWire();

const shopUrl = "http://s.test/api/shop/";

function network() {
  const asked: string[] = [];
  const fetch: FetchLike = async (url) => {
    asked.push(url);
    return { status: 200, text: async () => JSON.stringify({ data: [pump] }) };
  };
  return { asked, fetch };
}

describe("the first screens' inlined answers", () => {
  it("are read at the contract's paths", () => {
    expect(INLINED_CALL_PATHS).toEqual({
      products: productCalls.list.path,
      trending: productCalls.trending.path,
      productBySlug: productCalls.getBySlug.path,
      shopProducts: productCalls.byShop.path,
      related: productCalls.related.path,
      categories: catalogueCalls.listCategories.path,
      subCategoriesOf: catalogueCalls.listSubCategoriesOf.path,
      topRatedShops: shopCalls.topRated.path,
      shop: shopCalls.getById.path,
      shops: shopCalls.list.path,
      browse: findCalls.browse.path,
    });
    for (const call of [
      productCalls.list,
      productCalls.trending,
      productCalls.getBySlug,
      productCalls.byShop,
      productCalls.related,
      catalogueCalls.listCategories,
      catalogueCalls.listSubCategoriesOf,
      shopCalls.topRated,
      shopCalls.getById,
      shopCalls.list,
      findCalls.browse,
    ])
      expect(call.method).toBe("GET");
  });

  it("answer the home's and a product's calls from the page, mapped as the gateways map them", async () => {
    const page: Record<string, unknown> = {
      [`${shopUrl}product/`]: { data: [pump] },
      [`${shopUrl}product/trending/`]: { data: [] },
      [`${shopUrl}product/slug/bicycle-pump-3eel/`]: { data: pump },
      [`${shopUrl}category/`]: { categories: [{ id: 1, name: "Sports", image_url: null }] },
      [`${shopUrl}shop/top-rated/`]: { data: [] },
    };
    const read: string[] = [];
    const { asked, fetch } = network();
    const gateways = createDeferredHttpGateways({
      authUrl: "http://a.test/api/auth/",
      shopUrl,
      fetch,
      inlined: (url) => {
        read.push(url);
        return url in page ? Promise.resolve(page[url]) : undefined;
      },
    });
    const fromPage = await gateways.products.listProducts();
    expect(fromPage.ok && fromPage.value.map((p) => [p.id, p.name, p.shopName])).toEqual([
      [7, "Bicycle pump", "Kampala Cycles"],
    ]);
    expect(await gateways.products.listTrending()).toEqual({ ok: true, value: [] });
    const one = await gateways.products.getProductBySlug("bicycle-pump-3eel");
    expect(one.ok && one.value.slug).toBe("bicycle-pump-3eel");
    expect(await gateways.categories.listCategories()).toEqual({
      ok: true,
      value: [{ id: 1, name: "Sports", imageUrl: null }],
    });
    expect(await gateways.shops.listTopRated()).toEqual({ ok: true, value: [] });
    expect(asked).toEqual([]);
    expect(read).toHaveLength(5);

    // What the page does not carry goes to the service, through the contract.
    const related = await gateways.products.listRelatedProducts(7, 4);
    expect(related.ok && related.value.map((p) => p.id)).toEqual([7]);
    expect(asked).toEqual([`${shopUrl}product/related/7/?limit=4`]);
  });

  it("answer a category's sub categories and first page from the page; a narrowed browse asks", async () => {
    const facets = {
      filters: [{ filter_id: 3, filter_name: "RAM", values: [{ value_id: 9, value_name: "8GB", count: 1 }] }],
      price: { min: 15_000, max: 15_000 },
      districts: [],
      verified: 0,
      in_stock: 1,
    };
    const page: Record<string, unknown> = {
      [`${shopUrl}category/subcategory/4/`]: {
        sub_categories: [
          {
            subcategory_id: 12,
            subcategory_name: "Laptops",
            category_id: 4,
            category_name: "Electronics",
            image_url: null,
          },
        ],
      },
      [`${shopUrl}product/browse/?category=4`]: {
        count: 1,
        next: null,
        previous: null,
        results: [pump],
        facets,
      },
    };
    const asked: string[] = [];
    const fetch: FetchLike = async (url) => {
      asked.push(url);
      return {
        status: 200,
        text: async () => JSON.stringify({ count: 0, next: null, previous: null, results: [], facets }),
      };
    };
    const gateways = createDeferredHttpGateways({
      authUrl: "http://a.test/api/auth/",
      shopUrl,
      fetch,
      inlined: (url) => (url in page ? Promise.resolve(page[url]) : undefined),
    });
    expect(await gateways.categories.listSubCategoriesOf(4)).toEqual({
      ok: true,
      value: [{ id: 12, name: "Laptops", categoryId: 4, categoryName: "Electronics", imageUrl: null }],
    });
    const first = await gateways.finder.browse({ categoryId: 4, valueIds: [], page: 1 });
    expect(first.ok && [first.value.page.count, first.value.page.items.map((p) => p.name)]).toEqual([
      1,
      ["Bicycle pump"],
    ]);
    expect(first.ok && first.value.facets.filters[0]?.values).toEqual([
      { valueId: 9, valueName: "8GB", count: 1 },
    ]);
    expect(asked).toEqual([]);

    const narrowed = await gateways.finder.browse({ categoryId: 4, valueIds: [9] });
    expect(narrowed.ok && narrowed.value.page.count).toBe(0);
    expect(asked).toEqual([`${shopUrl}product/browse/?category=4&value=9`]);
  });

  it("answer what a product's page asks around the product from the page, asking nothing", async () => {
    const shopWire = (id: number, name: string): ShopWire => ({
      id,
      name,
      bio: "",
      email: null,
      phone: null,
      display_image: null,
      cover_image: null,
      owner: 40 + id,
      verification_status: "VERIFIED",
      rating: 4.5,
      category: [1],
      location_latitude: null,
      location_longitude: null,
    });
    const mat = aProductWire({ product_id: 8, slug: "mat", product_name: "Mat" });
    const drum = aProductWire({
      product_id: 9,
      slug: "drum",
      product_name: "Drum",
      shop_id: 3,
      shop_name: "Jinja Drums",
    });
    const page: Record<string, unknown> = {
      [`${shopUrl}shop/${pump.shop_id}/`]: { data: shopWire(pump.shop_id, pump.shop_name) },
      [`${shopUrl}product/shop/${pump.shop_id}/?limit=9`]: { data: [pump, mat], number_of_products: 2 },
      [`${shopUrl}product/related/7/?limit=20`]: { data: [drum] },
      [`${shopUrl}shop/?ids=3`]: { data: [shopWire(3, "Jinja Drums")] },
    };
    const { asked, fetch } = network();
    const gateways = createDeferredHttpGateways({
      authUrl: "http://a.test/api/auth/",
      shopUrl,
      fetch,
      inlined: (url) => (url in page ? Promise.resolve(page[url]) : undefined),
    });
    const detail = await loadProductSurroundings(gateways, toProduct(pump));
    expect(asked).toEqual([]);
    expect(detail.shop?.name).toBe(pump.shop_name);
    expect(detail.moreFromShop.map((p) => p.name)).toEqual(["Mat"]);
    expect(detail.relatedFromOtherShops.map((p) => p.name)).toEqual(["Drum"]);
    expect(detail.relatedShops.map((s) => s.name)).toEqual(["Jinja Drums"]);

    // Another shop's products (out of stock, say) are not in the page: asked.
    await gateways.products.listShopProducts(pump.shop_id, { stock: "out", limit: 9 });
    expect(asked).toEqual([`${shopUrl}product/shop/${pump.shop_id}/?stock_type=out&limit=9`]);
  });

  it("leave a body that does not map to the service", async () => {
    const { asked, fetch } = network();
    const gateways = createDeferredHttpGateways({
      authUrl: "http://a.test/",
      shopUrl,
      fetch,
      inlined: () => Promise.resolve({ nothing: true }),
    });
    const answer = await gateways.products.listProducts();
    expect(answer.ok && answer.value.map((p) => p.id)).toEqual([7]);
    expect(asked).toEqual([`${shopUrl}product/`]);
  });
});
