import { createHttpGateways } from "@katale/adapters-http";
import type { Product, ProductGateway, Shop, ShopGateway } from "@katale/domain";
import { InMemoryProductGateway, InMemoryShopGateway } from "@katale/domain/testing";
import { databaseKinds, startTestServer, type TestServer } from "@katale/server/testing";
import { fetch as undiciFetch } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// The ports the product page calls (shop products with a limit, shops by ids, related products),
// one behaviour suite run against the HTTP gateways on the real server and against the domain's
// in-memory fakes filled with the same server's data, so the fakes cannot drift from the server.

interface PagePorts {
  readonly products: ProductGateway;
  readonly shops: ShopGateway;
}

interface Fixture {
  readonly ports: PagePorts;
  /** Shops, newest first, and in-stock products, newest first, as the server lists them. */
  readonly shops: Shop[];
  readonly listed: Product[];
}

function value<T>(result: { ok: true; value: T } | { ok: false; error: unknown }): T {
  if (!result.ok) throw new Error(`expected success, got ${JSON.stringify(result.error)}`);
  return result.value;
}

function itServesTheProductPage(fixture: () => Fixture) {
  it("lists at most `limit` of a shop's products and still counts them all", async () => {
    const { ports, listed } = fixture();
    const shopId = listed[0]!.shopId;
    const all = value(await ports.products.listShopProducts(shopId));
    const first = value(await ports.products.listShopProducts(shopId, { limit: 2 }));
    expect(first.products).toEqual(all.products.slice(0, 2));
    expect(first.numberOfProducts).toBe(all.numberOfProducts);
    expect(first.products.every((p) => p.shopId === shopId && p.inStock > 0)).toBe(true);
  });

  it("answers shops by ids in the order asked, each once, leaving unknown ids out", async () => {
    const { ports, shops } = fixture();
    const [a, b] = [shops[0]!, shops[1]!];
    const found = value(await ports.shops.listShopsByIds([b.id, 999_999, a.id, b.id]));
    expect(found).toEqual([b, a]);
    expect(value(await ports.shops.listShopsByIds([]))).toEqual([]);
  });

  it("relates in-stock products of the same sub category from other shops, at most `limit`", async () => {
    const { ports, listed } = fixture();
    const product = listed.find((p) =>
      listed.some((q) => q.subCategoryId === p.subCategoryId && q.shopId !== p.shopId),
    )!;
    const related = value(await ports.products.listRelatedProducts(product.id, 3));
    expect(related.length).toBeGreaterThan(0);
    expect(related.length).toBeLessThanOrEqual(3);
    expect(
      related.every(
        (p) => p.subCategoryId === product.subCategoryId && p.shopId !== product.shopId && p.inStock > 0,
      ),
    ).toBe(true);
    const ids = related.map((p) => p.id);
    expect(ids).toEqual([...ids].sort((x, y) => y - x));
  });

  it("an unknown product has no related products: not found", async () => {
    const { ports } = fixture();
    const answer = await ports.products.listRelatedProducts(2_000_000_000, 3);
    expect(!answer.ok && answer.error.kind).toBe("not-found");
  });
}

describe.each(databaseKinds())("the product page's ports (%s)", (kind) => {
  let server: TestServer;
  let overHttp: Fixture;
  let inMemory: Fixture;

  beforeAll(async () => {
    server = await startTestServer({ database: kind, seed: "demo" });
    const ports = createHttpGateways({
      authUrl: server.authUrl,
      shopUrl: server.shopUrl,
      fetch: undiciFetch,
    });
    const shops = value(await ports.shops.listShops());
    const listed = value(await ports.products.listProducts());
    overHttp = { ports, shops, listed };
    // The fake holds what the server listed; every product the suite picks comes from these.
    inMemory = {
      ports: { products: new InMemoryProductGateway(listed), shops: new InMemoryShopGateway(shops) },
      shops,
      listed,
    };
  });

  afterAll(async () => {
    await server?.close();
  });

  describe("over HTTP", () => itServesTheProductPage(() => overHttp));
  describe("in memory", () => itServesTheProductPage(() => inMemory));
});
