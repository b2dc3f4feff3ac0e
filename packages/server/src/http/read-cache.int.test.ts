import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { aProduct } from "../testing/fixtures.js";
import { databaseKinds, startTestServer, type TestServer } from "../testing/test-server.js";

// What a shopper sees must never be older than the data: a cached page changes as soon as the
// catalogue does, whoever changed it.

async function eventually(check: () => Promise<boolean>) {
  for (let i = 0; i < 50; i++) {
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
      results: { product_name: string; price: number }[];
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
