import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type KyselyPlugin, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app.js";
import { loadConfig } from "../config.js";
import type { DatabaseHandle } from "../db/connect.js";
import { createMediaStore } from "../media/media-store.js";
import { aProduct, aShop } from "../testing/fixtures.js";
import { connectMigratedPglite } from "../testing/pglite-templates.js";
import { databaseKinds, startTestServer, type TestServer } from "../testing/test-server.js";

// What a shopper sees must never be older than the data: a cached page changes as soon as the
// catalogue does, whoever changed it.

/** What the tests read of a product answer. */
type Shown = {
  product_id: number;
  product_name: string;
  price: number;
  shop_name: string;
  category_name: string;
};

/**
 * Until `check` holds: the database's notice reaches the cache after the write returns, later on a
 * loaded machine (the suite's polls wait up to 10 s, vitest.config.ts), so wait as long.
 */
async function eventually(check: () => Promise<boolean>) {
  for (let i = 0; i < 500; i++) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 20));
  }
  return false;
}

describe.each(databaseKinds())("the read cache (%s)", (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ database: kind });
  });
  afterAll(async () => {
    await server?.close();
  });

  const page = async () =>
    (await (await fetch(`${server.shopUrl}product/paginated/?page=1&page_size=8`)).json()) as {
      count: number;
      results: Shown[];
    };

  it("serves repeated reads from memory and drops them when the catalogue changes", async () => {
    const made = await aProduct(server.db, { name: "Rolex stand gas burner", price: 120_000 });
    const first = await page();
    expect(first.results[0]).toMatchObject({ product_name: "Rolex stand gas burner", price: 120_000 });
    expect(await page()).toEqual(first);

    // A change made straight in the database, not through a route.
    await sql`UPDATE products SET price = 99000 WHERE id = ${made.id}`.execute(server.db);
    expect(await eventually(async () => (await page()).results[0]?.price === 99_000)).toBe(true);

    await aProduct(server.db, { name: "Kitenge fabric 6 yards" });
    expect(await eventually(async () => (await page()).count === first.count + 1)).toBe(true);
  });

  it("serves the same search answer twice and a changed one after an edit", async () => {
    const made = await aProduct(server.db, { name: "Boda boda helmet" });
    const search = async () => {
      const res = await fetch(`${server.shopUrl}product/search/`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ search_query: "helmet" }),
      });
      return ((await res.json()) as { products: { product_name: string }[] }).products.map(
        (p) => p.product_name,
      );
    };
    expect(await search()).toEqual(["Boda boda helmet"]);
    expect(await search()).toEqual(["Boda boda helmet"]);
    await sql`UPDATE products SET in_stock = 0 WHERE id = ${made.id}`.execute(server.db);
    expect(await eventually(async () => (await search()).length === 0)).toBe(true);
  });

  it("drops a changed product's answers and the listings, not other products' answers", async () => {
    const shop = await aShop(server.db, { name: "Nakasero stall" });
    const a = await aProduct(server.db, { shop_id: shop.id, name: "Sigiri charcoal stove", price: 40_000 });
    const b = await aProduct(server.db, { shop_id: shop.id, name: "Jerrycan 20 litre", price: 15_000 });
    const detail = async (slug: string) =>
      ((await (await fetch(`${server.shopUrl}product/slug/${slug}/`)).json()) as { data: Shown }).data;
    const byId = async (id: number) =>
      ((await (await fetch(`${server.shopUrl}product/${id}/`)).json()) as { data: Shown }).data;
    const inListing = async (id: number) => (await page()).results.find((p) => p.product_id === id);
    await detail(a.slug);
    expect(await detail(b.slug)).toMatchObject({ price: 15_000 });
    expect(await byId(b.id)).toMatchObject({ price: 15_000 });
    expect(await inListing(b.id)).toMatchObject({ price: 15_000 });

    // B changes without a notice: what is served of B from now on shows whether its answer was kept.
    await sql`ALTER TABLE products DISABLE TRIGGER products_notify_update`.execute(server.db);
    await sql`UPDATE products SET price = 16000 WHERE id = ${b.id}`.execute(server.db);
    await sql`ALTER TABLE products ENABLE TRIGGER products_notify_update`.execute(server.db);
    expect(await detail(b.slug)).toMatchObject({ price: 15_000 });

    // A changes (with its notice): A's answers and the listing are made again, B's are still kept.
    await sql`UPDATE products SET name = 'Sigiri stove, improved' WHERE id = ${a.id}`.execute(server.db);
    expect(
      await eventually(async () => (await detail(a.slug)).product_name === "Sigiri stove, improved"),
    ).toBe(true);
    expect((await byId(a.id)).product_name).toBe("Sigiri stove, improved");
    expect(await inListing(b.id)).toMatchObject({ price: 16_000 });
    expect(await detail(b.slug)).toMatchObject({ price: 15_000 });
    expect(await byId(b.id)).toMatchObject({ price: 15_000 });

    // Their shop's rename drops the answers of both (each shows the shop's name).
    await sql`UPDATE shops SET name = 'Nakasero stall 2' WHERE id = ${shop.id}`.execute(server.db);
    expect(await eventually(async () => (await detail(b.slug)).shop_name === "Nakasero stall 2")).toBe(true);
    expect(await detail(b.slug)).toMatchObject({ price: 16_000 });
    expect(await byId(b.id)).toMatchObject({ price: 16_000, shop_name: "Nakasero stall 2" });

    // So does a rename of their category.
    await sql`UPDATE categories SET name = 'Kitchen' WHERE id = ${a.category_id}`.execute(server.db);
    expect(await eventually(async () => (await detail(a.slug)).category_name === "Kitchen")).toBe(true);
  });

  it("still compresses answers served from memory", async () => {
    await aProduct(server.db, { description: "Long description. ".repeat(200) });
    const url = `${server.shopUrl}product/`;
    for (let i = 0; i < 2; i++) {
      const res = await fetch(url, { headers: { "accept-encoding": "gzip" } });
      expect(res.headers.get("content-encoding")).toBe("gzip");
      expect(((await res.json()) as { data: unknown[] }).data.length).toBeGreaterThan(0);
    }
  });
});

describe("the read cache's key", () => {
  let database: DatabaseHandle;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let queries = 0;
  // Counts the statements the routes send to the database.
  const counter: KyselyPlugin = {
    transformQuery: (args) => {
      queries++;
      return args.node;
    },
    transformResult: async (args) => args.result,
  };

  beforeAll(async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "katale-cache-key-"));
    database = await connectMigratedPglite();
    for (let i = 0; i < 20; i++) await aProduct(database.db, { name: `Matooke bunch ${i}` });
    app = await buildApp({
      config: loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir }),
      database: { ...database, db: database.db.withPlugin(counter) },
      media: createMediaStore(dataDir),
      webDir: join(dataDir, "none"),
      logger: false,
    });
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  /** The answer, and how many statements reached the database to make it. */
  async function read(url: string) {
    const before = queries;
    const res = await app.inject({ url: `/api/shop/${url}` });
    expect(res.statusCode, url).toBe(200);
    return {
      body: res.json() as { next: string | null; previous: string | null },
      queries: queries - before,
    };
  }

  it("ignores parameters the route does not read, their order and spelled-out defaults", async () => {
    const first = await read("product/paginated/?page=2");
    expect(first.queries).toBeGreaterThan(0);
    for (const url of [
      "product/paginated/?page=2&x=1",
      "product/paginated/?x=1&page=2",
      "product/paginated/?page=2&page_size=8",
      "product/paginated/?page_size=8&page=02&utm_source=whatsapp&_=1732470000",
    ]) {
      const again = await read(url);
      expect(again.queries, url).toBe(0);
      expect(again.body, url).toEqual(first.body);
    }
    expect(new URL(first.body.next!).search).toBe("?page=3");
    expect(new URL(first.body.previous!).search).toBe("?page=1");

    const pageOne = await read("product/paginated/");
    expect((await read("product/paginated/?page=1&junk=yes")).queries).toBe(0);
    expect(pageOne.queries).toBeGreaterThan(0);
    // A route without query parameters, with junk.
    expect((await read("product/")).queries).toBeGreaterThan(0);
    expect((await read("product/?nocache=12345")).queries).toBe(0);
  });

  it("makes a cold answer once however many ask for it at once, junk parameters or not", async () => {
    const alone = await read("product/paginated/?page=2&page_size=3");
    expect(alone.queries).toBeGreaterThan(0);

    const before = queries;
    const urls = Array.from({ length: 20 }, (_, i) =>
      i % 2 === 0 ? "product/paginated/?page=3&page_size=3" : `product/paginated/?page=3&page_size=3&x=${i}`,
    );
    const answers = await Promise.all(urls.map((url) => app.inject({ url: `/api/shop/${url}` })));
    expect(answers.map((a) => a.statusCode)).toEqual(urls.map(() => 200));
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(queries - before).toBe(alone.queries);

    // A search, the same way (once the first search of all has loaded the browse index, which keeps
    // the searches' answers until a product changes).
    await app.inject({
      method: "POST",
      url: "/api/shop/product/search/",
      payload: { search_query: "bunch" },
    });
    const searchBefore = queries;
    const searches = await Promise.all(
      Array.from({ length: 10 }, () =>
        app.inject({
          method: "POST",
          url: "/api/shop/product/search/",
          payload: { search_query: "matooke" },
        }),
      ),
    );
    expect(searches.map((a) => a.json().products.length)).toEqual(searches.map(() => 20));
    expect(queries - searchBefore).toBeLessThanOrEqual(1);
  });

  it("lets waiters make their own answer when the first is not kept", async () => {
    const before = queries;
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => app.inject({ url: "/api/shop/product/paginated/?page=99" })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([404, 404, 404, 404, 404]);
    expect(answers[4]?.json()).toEqual({ detail: "Invalid page.", code: "invalid_page" });
    expect(queries - before).toBeGreaterThan(1);
  });

  it("still tells apart what the route reads", async () => {
    await read("product/paginated/?page=1&page_size=5");
    const other = await read("product/paginated/?page=2&page_size=5");
    expect(other.queries).toBeGreaterThan(0);
    expect(new URL(other.body.next!).search).toBe("?page=3&page_size=5");
  });
});
