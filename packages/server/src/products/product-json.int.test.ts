import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { aCategory, aProduct, aRating, aShop, aSubCategory } from "../testing/fixtures.js";
import { databaseKinds, startTestServer, type TestServer } from "../testing/test-server.js";

// A listing page, a product by slug and a search answer with products the database wrote as JSON
// (issue 13); a product by id still goes through the object and the route's serializer. Both must be
// the same bytes, whatever the text holds (quotes, backslashes, control characters, any script), the
// SKU (none or one), the pictures (none or several) and the average (whole or with one decimal).

describe.each(databaseKinds())("product answers written by the database (%s)", (kind) => {
  let server: TestServer;
  const ids: number[] = [];

  const get = async (url: string, method: "GET" | "POST" = "GET", payload?: object) => {
    const response = await server.app.inject({ method, url, ...(payload ? { payload } : {}) });
    expect(response.statusCode, url).toBe(200);
    return response;
  };
  /** A product as GET product/{id}/ writes it (the object, checked and serialised by the route). */
  const byId = async (id: number) => {
    const response = await get(`/api/shop/product/${id}/`);
    return response.body.slice('{"data":'.length, -1);
  };

  beforeAll(async () => {
    server = await startTestServer({ database: kind, seed: "none" });
    const db = server.db;
    const category = await aCategory(db, { name: 'Tools & "Hardware"' });
    const sub = await aSubCategory(db, { category_id: category.id, name: "Jembe\\hoes" });
    const shop = await aShop(db, { name: "Owino \u00e9t\u00e9 \u{1F6D2}", verification_status: "VERIFIED" });
    const other = await aShop(db, { name: "Plain shop" });
    const texts = [
      ['Jerrycan "20 litre"', "Line one\nline two\ttabbed \u0001 and a back\\slash"],
      ["Jerrycan \u2028 separator \u00b2", "Kampala \u65e5\u672c \u0663 / slash"],
      ["Jerrycan plain", ""],
    ];
    for (const [i, [name, description]] of texts.entries()) {
      const product = await aProduct(db, {
        shop_id: i === 2 ? other.id : shop.id,
        sub_category_id: sub.id,
        name,
        description,
        price: 25_000 + i,
        in_stock: 3,
        images: i === 0 ? [] : ["/media/products/a.webp", "/media/products/b.webp"],
      });
      ids.push(product.id);
    }
    await db.updateTable("products").set({ sku: 'SKU-"1"' }).where("id", "=", ids[1]!).execute();
    // Averages 4 (8 and 8 of 10) and 3.5 (7 of 10); the third has none.
    await aRating(db, { product_id: ids[0]!, rating: 8 });
    await aRating(db, { product_id: ids[0]!, rating: 8 });
    await aRating(db, { product_id: ids[1]!, rating: 7 });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("answers a product by slug with the bytes of the product by id", async () => {
    for (const id of ids) {
      const expected = await byId(id);
      const { slug } = JSON.parse(expected) as { slug: string };
      const bySlug = await get(`/api/shop/product/slug/${slug}/`);
      expect(bySlug.body).toBe(`{"data":${expected}}`);
      expect(bySlug.headers["content-type"]).toBe("application/json; charset=utf-8");
    }
  });

  it("answers products asked by slug at the same moment each with its own, unknown ones 404", async () => {
    // Slugs asked together are looked up together (one statement): no answer may get another's.
    const expected = await Promise.all(ids.map(byId));
    const slugs = expected.map((json) => (JSON.parse(json) as { slug: string }).slug);
    const asked = Array.from({ length: 40 }, (_, i) =>
      i % 4 === 3 ? `no-such-product-${i}` : slugs[i % 4]!,
    );
    const answers = await Promise.all(
      asked.map((slug) => server.app.inject({ method: "GET", url: `/api/shop/product/slug/${slug}/` })),
    );
    for (const [i, answer] of answers.entries()) {
      if (i % 4 === 3) {
        expect(answer.statusCode, asked[i]).toBe(404);
        expect(answer.json()).toMatchObject({ code: "product_not_found" });
      } else {
        expect(answer.statusCode, asked[i]).toBe(200);
        expect(answer.body).toBe(`{"data":${expected[i % 4]}}`);
      }
    }
  });

  it("answers a listing page with the bytes the serialiser writes", async () => {
    const page = await get("/api/shop/product/paginated/?page=2&page_size=1");
    const { next, previous } = JSON.parse(page.body) as { next: string; previous: string };
    const newest = [...ids].sort((a, b) => b - a);
    expect(page.body).toBe(
      JSON.stringify({ count: 3, next, previous, results: [JSON.parse(await byId(newest[1]!))] }),
    );
    const all = await get("/api/shop/product/paginated/?page=1&page_size=8");
    const results = await Promise.all(newest.map(byId));
    expect(all.body).toBe(`{"count":3,"next":null,"previous":null,"results":[${results.join(",")}]}`);
    expect(all.headers["content-type"]).toBe("application/json; charset=utf-8");
  });

  it("answers a search with the bytes the serialiser writes", async () => {
    const found = await get("/api/shop/product/search/", "POST", { search_query: "jerrycan" });
    const products = (JSON.parse(found.body) as { products: { product_id: number }[] }).products;
    expect(products.map((p) => p.product_id).sort()).toEqual([...ids].sort());
    const expected = await Promise.all(products.map((p) => byId(p.product_id)));
    expect(found.body).toBe(`{"products":[${expected.join(",")}]}`);
    expect(found.headers["content-type"]).toBe("application/json; charset=utf-8");
  });
});
