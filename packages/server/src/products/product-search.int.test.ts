import type { ProductWire } from "@katale/adapters-http/contract";
import { SEARCH_RESULTS_MAX } from "@katale/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { aCategory, aProduct, aShop, aSubCategory } from "../testing/fixtures.js";
import { databaseKinds, startTestServer, type TestServer } from "../testing/test-server.js";

// Search as a shopper notices it (issue 13): the best matches first even when a word is in nearly
// every product, typos of any product's name forgiven, and never more than a page of answers.

/**
 * A change written straight to the database, as another instance writes it, reaches each instance's
 * read cache with the database's notice: on PGlite at once, on PostgreSQL a moment later (its
 * LISTEN connection). The search is asked again until the change shows, as a shopper would ask
 * again; it fails if it never does.
 */
const NOTICED = { timeout: 10_000, interval: 20 };

describe.each(databaseKinds())("product search relevance (%s)", (kind) => {
  let server: TestServer;

  const search = async (query: string) => {
    const response = await server.app.inject({
      method: "POST",
      url: "/api/shop/product/search/",
      payload: { search_query: query },
    });
    expect(response.statusCode).toBe(200);
    return (response.json() as { products: ProductWire[] }).products.map((p) => p.product_name);
  };

  beforeAll(async () => {
    server = await startTestServer({ database: kind, seed: "none" });
    const db = server.db;
    const category = await aCategory(db, { name: "Things" });
    const sub = await aSubCategory(db, { category_id: category.id, name: "Stuff" });
    const shop = await aShop(db, { name: "Owino Stall" });
    const product = (name: string, description = "") =>
      aProduct(db, { shop_id: shop.id, sub_category_id: sub.id, name, description });
    // The oldest product is the only one named after the town every description mentions.
    await product("Kampala city map", "Folded paper map");
    for (let i = 0; i < SEARCH_RESULTS_MAX + 10; i++) {
      await product(`Jerrycan ${i}`, "Delivered anywhere in Kampala");
    }
    await product("Spark plug", "For boda boda engines");
    await product("Tecno Pop 8", "Entry smartphone");
    await product("Tecno Spark 20", "Big screen smartphone");
  });
  afterAll(async () => {
    await server?.close();
  });

  it("ranks a name match above a word found in every description, and answers one page at most", async () => {
    const found = await search("kampala");
    expect(found[0]).toBe("Kampala city map");
    expect(found).toHaveLength(SEARCH_RESULTS_MAX);
  });

  it("shows the newest of more matches than a page holds, equally good ones", async () => {
    // 60 descriptions name Kampala: the page's 49 after the map are the newest 49 of them.
    const found = await search("kampala");
    const newest = Array.from({ length: SEARCH_RESULTS_MAX - 1 }, (_, i) => `Jerrycan ${i + 11}`);
    expect(found.slice(1).sort()).toEqual(newest.sort());
  });

  it("ranks names holding every word above names holding some", async () => {
    const found = await search("tecno spark");
    expect(found[0]).toBe("Tecno Spark 20");
    expect(found.slice(1).sort()).toEqual(["Spark plug", "Tecno Pop 8"]);
  });

  it("forgives a typo of a word only a product added just now has", async () => {
    expect(await search("kitnge")).toEqual([]);
    await aProduct(server.db, { name: "Kitenge wax print 6 yards" });
    await expect.poll(() => search("kitnge"), NOTICED).toEqual(["Kitenge wax print 6 yards"]);
    expect(await search("kitenge")).toEqual(["Kitenge wax print 6 yards"]);
  });

  it("does not widen a word that starts a name word to other words", async () => {
    // 'spar' starts 'spark': no typo, so no 'span' or 'pop'-like neighbours, just the prefix.
    expect((await search("spar")).sort()).toEqual(["Spark plug", "Tecno Spark 20"]);
  });

  it("shows a product's change at the next search, on another instance too", async () => {
    const kettle = await aProduct(server.db, { name: "Sunbeam kettle", description: "Boils water" });
    const other = await server.anotherInstance();
    try {
      const searchOn = async (app: typeof other, query: string) => {
        const response = await app.inject({
          method: "POST",
          url: "/api/shop/product/search/",
          payload: { search_query: query },
        });
        return (response.json() as { products: ProductWire[] }).products.map((p) => p.product_name);
      };
      // Asked twice: the second answer is the kept one.
      for (let i = 0; i < 2; i++) {
        expect(await search("sunbeam")).toEqual(["Sunbeam kettle"]);
        expect(await searchOn(other, "sunbeam")).toEqual(["Sunbeam kettle"]);
      }
      await server.db
        .updateTable("products")
        .set({ name: "Moonbeam kettle" })
        .where("id", "=", kettle.id)
        .execute();
      await expect.poll(() => search("sunbeam"), NOTICED).toEqual([]);
      await expect.poll(() => searchOn(other, "moonbeam"), NOTICED).toEqual(["Moonbeam kettle"]);
      expect(await search("kettle")).toEqual(["Moonbeam kettle"]);
      await server.db.updateTable("products").set({ in_stock: 0 }).where("id", "=", kettle.id).execute();
      await expect.poll(() => search("moonbeam"), NOTICED).toEqual([]);
      await expect.poll(() => searchOn(other, "kettle"), NOTICED).toEqual([]);
    } finally {
      await other.close();
    }
  });

  it.each(["½ ² ³", "日本 ٣ 𝟘", "o'reilly a&b|c!d:*", "Ōtsu straße", "the and of", "ab"])(
    "answers any words, letters and digits of any script, with a list (%s)",
    async (query) => {
      expect(Array.isArray(await search(query))).toBe(true);
    },
  );
});

describe.each(databaseKinds())("product search over a word in many names (%s)", (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ database: kind, seed: "none" });
    const db = server.db;
    const category = await aCategory(db, { name: "Things" });
    const sub = await aSubCategory(db, { category_id: category.id, name: "Stuff" });
    const shop = await aShop(db, { name: "Owino Stall" });
    const add = (names: string[], description: string) =>
      db
        .insertInto("products")
        .values(
          names.map((name) => ({
            shop_id: shop.id,
            category_id: category.id,
            sub_category_id: sub.id,
            name,
            slug: name.toLowerCase().replaceAll(" ", "-"),
            description,
            price: 10_000,
            in_stock: 3,
          })),
        )
        .execute();
    // A word in a thousand names, none of them among the newest products (so not a common word
    // there), and a newer product holding it only in its description.
    await add(
      Array.from({ length: 1_000 }, (_, i) => `Widget ${i}`),
      "Sturdy and light",
    );
    await add(["Plain crate"], "Holds a widget or two");
    await add(
      Array.from({ length: 200 }, (_, i) => `Basket ${i}`),
      "Woven by hand",
    );
  });
  afterAll(async () => {
    await server?.close();
  });

  it("answers a full page of the names holding it, above the description holding it", async () => {
    const response = await server.app.inject({
      method: "POST",
      url: "/api/shop/product/search/",
      payload: { search_query: "widget" },
    });
    const found = (response.json() as { products: ProductWire[] }).products.map((p) => p.product_name);
    expect(found).toHaveLength(SEARCH_RESULTS_MAX);
    expect(found.every((name) => /^Widget \d+$/.test(name))).toBe(true);
  });
});
