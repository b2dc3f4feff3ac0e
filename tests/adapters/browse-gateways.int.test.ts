import { createHttpGateways, type HttpGateways } from "@katale/adapters-http";
import type { Product } from "@katale/domain";
import { databaseKinds, startTestServer, type TestServer } from "@katale/server/testing";
import { fetch as undiciFetch } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// Every browse gateway method against the real server on a seeded demo catalogue (DESIGN §6).

function value<T>(result: { ok: true; value: T } | { ok: false; error: unknown }): T {
  if (!result.ok) throw new Error(`expected success, got ${JSON.stringify(result.error)}`);
  return result.value;
}

describe.each(databaseKinds())("browse gateways over HTTP (%s)", (kind) => {
  let server: TestServer;
  let gateways: HttpGateways;
  let listed: Product[];

  beforeAll(async () => {
    server = await startTestServer({ database: kind, seed: "demo" });
    gateways = createHttpGateways({ authUrl: server.authUrl, shopUrl: server.shopUrl, fetch: undiciFetch });
    listed = value(await gateways.products.listProducts());
  });

  afterAll(async () => {
    await server?.close();
  });

  describe("categories", () => {
    it("lists at least 12 categories, category 5 being Services", async () => {
      const categories = value(await gateways.categories.listCategories());
      expect(categories.length).toBeGreaterThanOrEqual(12);
      expect(categories.find((c) => c.id === 5)?.name).toBe("Services");
    });

    it("lists all sub categories with their category", async () => {
      const subCategories = value(await gateways.categories.listSubCategories());
      expect(subCategories.length).toBeGreaterThan(12);
      expect(subCategories.every((s) => s.categoryId > 0 && s.categoryName !== undefined)).toBe(true);
    });

    it("lists the sub categories of category 5 (services)", async () => {
      const services = value(await gateways.categories.listSubCategoriesOf(5));
      expect(services.length).toBeGreaterThan(0);
      expect(services.every((s) => s.categoryId === 5 && s.categoryName === "Services")).toBe(true);
    });

    it("an unknown category is not found", async () => {
      const answer = await gateways.categories.listSubCategoriesOf(999_999);
      expect(!answer.ok && answer.error).toEqual({
        kind: "not-found",
        message: "Category not found",
        code: "category_not_found",
      });
    });

    it("a base URL the service does not serve is an unknown route, not a missing thing", async () => {
      const wrong = createHttpGateways({
        authUrl: server.authUrl,
        shopUrl: `${server.shopUrl}nope/`,
        fetch: undiciFetch,
      });
      const answer = await wrong.categories.listCategories();
      expect(!answer.ok && answer.error).toMatchObject({ kind: "not-found", route: true });
    });

    it("lists the filters of a sub category with their values", async () => {
      const subCategories = value(await gateways.categories.listSubCategories());
      const all = await Promise.all(subCategories.map((s) => gateways.categories.listFilters(s.id)));
      const filters = all.flatMap((answer) => value(answer));
      expect(filters.length).toBeGreaterThan(0);
      const first = filters[0]!;
      expect(subCategories.some((s) => s.id === first.subCategoryId)).toBe(true);
      expect(first.values.every((v) => v.filterId === first.id)).toBe(true);
    });
  });

  describe("products", () => {
    it("lists products in stock only", () => {
      expect(listed.length).toBeGreaterThan(0);
      expect(listed.every((p) => p.inStock > 0)).toBe(true);
    });

    it("pages all products 8 at a time", async () => {
      const first = value(await gateways.products.listProductsPage(1, 8));
      expect(first.items).toHaveLength(8);
      expect(first.count).toBeGreaterThanOrEqual(250);
      expect(first).toMatchObject({ page: 1, hasNext: true, hasPrevious: false });
      const second = value(await gateways.products.listProductsPage(2, 8));
      expect(second.hasPrevious).toBe(true);
      expect(second.items.some((p) => first.items.some((q) => q.id === p.id))).toBe(false);
    });

    it("a page past the end is 'invalid-page'", async () => {
      expect(await gateways.products.listProductsPage(100_000, 8)).toEqual({
        ok: false,
        error: { kind: "invalid-page", code: "invalid_page" },
      });
    });

    it("finds a product by id and by slug", async () => {
      const product = listed[0]!;
      // A product's own answer adds its filter values (none here) to what the listing shows.
      const listingPart = ({ filters, ...rest }: Product) => {
        expect(filters ?? []).toEqual([]);
        return rest;
      };
      expect(listingPart(value(await gateways.products.getProduct(product.id)))).toEqual(product);
      expect(listingPart(value(await gateways.products.getProductBySlug(product.slug)))).toEqual(product);
    });

    it("a product that does not exist is not found with 'Product not found'", async () => {
      expect(await gateways.products.getProductBySlug("no-such-product-anywhere")).toEqual({
        ok: false,
        error: { kind: "not-found", message: "Product not found", code: "product_not_found" },
      });
      expect((await gateways.products.getProduct(2_000_000_000)).ok).toBe(false);
    });

    it("pages a category's products", async () => {
      const services = value(await gateways.products.listCategoryProductsPage(5, 1, 4));
      expect(services.items.length).toBeGreaterThan(0);
      expect(services.items.length).toBeLessThanOrEqual(4);
      expect(services.items.every((p) => p.categoryId === 5 && p.inStock > 0)).toBe(true);
      const unknown = await gateways.products.listCategoryProductsPage(999_999, 1, 4);
      expect(!unknown.ok && unknown.error.kind).toBe("not-found");
    });

    it("pages a sub category's products", async () => {
      const subCategoryId = listed[0]!.subCategoryId;
      const page = value(await gateways.products.listSubCategoryProductsPage(subCategoryId, 1, 20));
      expect(page.items.length).toBeGreaterThan(0);
      expect(page.items.every((p) => p.subCategoryId === subCategoryId)).toBe(true);
    });

    it("lists a shop's products in stock, and apart those out of stock", async () => {
      const soldOut = await server.db
        .selectFrom("products")
        .select("shop_id")
        .where("in_stock", "=", 0)
        .executeTakeFirstOrThrow();
      const inStock = value(await gateways.products.listShopProducts(soldOut.shop_id));
      expect(inStock.products.every((p) => p.shopId === soldOut.shop_id && p.inStock > 0)).toBe(true);
      expect(inStock.numberOfProducts).toBe(inStock.products.length);
      const out = value(await gateways.products.listShopProducts(soldOut.shop_id, { stock: "out" }));
      expect(out.products.length).toBeGreaterThan(0);
      expect(out.products.every((p) => p.shopId === soldOut.shop_id && p.inStock === 0)).toBe(true);
    });

    it("searches products by name", async () => {
      const wanted = listed[3]!;
      const found = value(await gateways.products.searchProducts(wanted.name));
      expect(found.map((p) => p.id)).toContain(wanted.id);
      expect(found.every((p) => p.inStock > 0)).toBe(true);
    });
  });

  describe("shops", () => {
    it("lists shops and finds each by id", async () => {
      const shops = value(await gateways.shops.listShops());
      expect(shops.length).toBeGreaterThanOrEqual(10);
      expect(shops.some((s) => s.verificationStatus === "VERIFIED")).toBe(true);
      expect(value(await gateways.shops.getShop(shops[0]!.id))).toEqual(shops[0]);
    });

    it("an unknown shop is not found", async () => {
      const answer = await gateways.shops.getShop(999_999);
      expect(!answer.ok && answer.error.kind).toBe("not-found");
    });

    it("lists the top rated shops, best first", async () => {
      const top = value(await gateways.shops.listTopRated());
      expect(top.length).toBeGreaterThan(0);
      const ratings = top.map((f) => f.averageTotalRating);
      expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
    });

    it("lists a shop's followers with their count", async () => {
      const shops = value(await gateways.shops.listShops());
      const all = await Promise.all(shops.map((s) => gateways.shops.listFollowers(s.id)));
      const followed = all.map((answer) => value(answer)).find((f) => f.numberOfFollowers > 0);
      expect(followed).toBeDefined();
      expect(followed!.followers.length).toBeGreaterThan(0);
      expect(followed!.followers.length).toBeLessThanOrEqual(followed!.numberOfFollowers);
    });
  });

  describe("support", () => {
    it("lists the FAQ", async () => {
      const faqs = value(await gateways.support.listFaqs());
      expect(faqs.length).toBeGreaterThan(0);
      expect(faqs.every((f) => f.question.length > 0 && f.answer.length > 0)).toBe(true);
    });

    it("lists feedback with stored 0–10 stars", async () => {
      const feedback = value(await gateways.support.listFeedback());
      expect(feedback.length).toBeGreaterThan(0);
      expect(feedback.every((f) => f.stars >= 0 && f.stars <= 10)).toBe(true);
    });

    it("sends feedback that then shows in the list", async () => {
      const sent = value(
        await gateways.support.sendFeedback({
          name: "Nakato",
          email: "nakato@example.ug",
          message: "Found a plumber in Ntinda within an hour",
          stars: 9,
        }),
      );
      expect(sent).toMatchObject({ name: "Nakato", stars: 9 });
      const listedFeedback = value(await gateways.support.listFeedback());
      expect(listedFeedback.some((f) => f.message === "Found a plumber in Ntinda within an hour")).toBe(true);
    });
  });

  it("works with the platform's global fetch too", async () => {
    const viaGlobal = createHttpGateways({
      authUrl: server.authUrl,
      shopUrl: server.shopUrl,
      fetch: globalThis.fetch,
    });
    expect(value(await viaGlobal.categories.listCategories()).length).toBeGreaterThanOrEqual(12);
  });
});

describe("browse gateways without a server", () => {
  it("report a network error", async () => {
    const gateways = createHttpGateways({
      authUrl: "http://127.0.0.1:9/api/auth/",
      shopUrl: "http://127.0.0.1:9/api/shop/",
      fetch: undiciFetch,
    });
    expect(await gateways.categories.listCategories()).toEqual({ ok: false, error: { kind: "network" } });
  });
});
