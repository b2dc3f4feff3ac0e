import { AesShopIdCipher, createHttpGateways, type HttpGateways } from "@katale/adapters-http";
import {
  forYouFeed,
  loadCategoryListing,
  loadHome,
  loadProductDetail,
  loadShopPage,
  loadSubCategoryListing,
  PromoGrid,
  searchProducts,
  shopIdFromLink,
  shopLink,
} from "@katale/domain";
import { databaseKinds, startTestServer, type TestServer } from "@katale/server/testing";
import { fetch as undiciFetch } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// The domain's browse use cases driven through the HTTP adapters against the real server: what the
// web and the CLI will do.

describe.each(databaseKinds())("browse use cases over HTTP (%s)", (kind) => {
  let server: TestServer;
  let gateways: HttpGateways;

  beforeAll(async () => {
    server = await startTestServer({ database: kind, seed: "demo" });
    gateways = createHttpGateways({ authUrl: server.authUrl, shopUrl: server.shopUrl, fetch: undiciFetch });
  });

  afterAll(async () => {
    await server?.close();
  });

  it("loads every home section", async () => {
    const home = await loadHome(gateways);
    expect(home.bannerCategories.ok && home.bannerCategories.value).toHaveLength(12);
    expect(home.services.ok && home.services.value.length).toBeGreaterThan(0);
    expect(home.featuredShops.ok && home.featuredShops.value.length).toBeGreaterThan(0);
    expect(home.featuredShops.ok && home.featuredShops.value.length).toBeLessThanOrEqual(4);
    expect(home.trending.ok && home.trending.value.length).toBeGreaterThan(0);
  });

  it("'For you' scrolls through every listed product and stops", async () => {
    const feed = forYouFeed(gateways.products);
    let state = await feed.loadMore();
    const total = value(await gateways.products.listProductsPage(1, 8)).count;
    while (!state.done) {
      expect(state.error).toBeNull();
      state = await feed.loadMore();
    }
    expect(state.items).toHaveLength(total);
    expect(new Set(state.items.map((p) => p.id)).size).toBe(total);
  });

  it("the promo grid pages through services and starts again at page 1", async () => {
    const grid = new PromoGrid(gateways.products, 4);
    let state = await grid.load();
    expect(state.items.length).toBeGreaterThan(0);
    const seen = new Set(state.items.map((p) => p.id));
    while (state.hasNext) {
      state = await grid.next();
      for (const p of state.items) seen.add(p.id);
    }
    state = await grid.next();
    expect(state.page).toBe(1);
    expect(seen.size).toBe(value(await gateways.products.listCategoryProductsPage(5, 1, 4)).count);
  });

  it("lists a category and a sub category", async () => {
    const category = value(await loadCategoryListing(gateways, 5));
    expect(category.category.name).toBe("Services");
    expect(category.subCategories.length).toBeGreaterThan(0);
    const sub = category.subCategories[0]!;
    const listing = value(await loadSubCategoryListing(gateways, sub.id));
    expect(listing.siblings.map((s) => s.id)).toEqual(category.subCategories.map((s) => s.id));
    expect(listing.products.items.every((p) => p.subCategoryId === sub.id)).toBe(true);
  });

  it("search sends an empty query home and finds products otherwise", async () => {
    expect(value(await searchProducts(gateways.products, "  "))).toEqual({ kind: "redirect-home" });
    const someProduct = value(await gateways.products.listProductsPage(1, 8)).items[0]!;
    const found = value(await searchProducts(gateways.products, someProduct.name));
    expect(found.kind === "results" && found.products.map((p) => p.id)).toContain(someProduct.id);
  });

  it("shows a product with its shop and related lists, and a missing one as not found", async () => {
    const product = value(await gateways.products.listProductsPage(1, 8)).items[0]!;
    const detail = value(await loadProductDetail(gateways, { slug: product.slug }));
    expect(detail.shop?.id).toBe(product.shopId);
    expect(detail.moreFromShop.length).toBeLessThanOrEqual(8);
    expect(detail.moreFromShop.every((p) => p.shopId === product.shopId && p.id !== product.id)).toBe(true);
    expect(detail.relatedFromOtherShops.every((p) => p.shopId !== product.shopId)).toBe(true);
    const missing = await loadProductDetail(gateways, { slug: "gone-for-good" });
    expect(!missing.ok && missing.error.kind).toBe("not-found");
  });

  it("opens a shop page from its encrypted link", async () => {
    const cipher = new AesShopIdCipher("integration secret");
    const shop = value(await gateways.shops.listShops())[0]!;
    const link = await shopLink(cipher, shop.id);
    const id = value(await shopIdFromLink(cipher, link.split("/").at(-1)!));
    const page = value(await loadShopPage(gateways, id));
    expect(page.shop.name).toBe(shop.name);
    expect(page.recommended.length).toBeLessThanOrEqual(8);
  });
});

function value<T>(result: { ok: true; value: T } | { ok: false; error: unknown }): T {
  if (!result.ok) throw new Error(`expected success, got ${JSON.stringify(result.error)}`);
  return result.value;
}
