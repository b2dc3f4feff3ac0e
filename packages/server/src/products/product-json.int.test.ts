import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { aCategory, aProduct, aRating, aShop, aSubCategory } from "../testing/fixtures.js";
import { databaseKinds, startTestServer, type TestServer } from "../testing/test-server.js";

// A listing page, a product by slug and a search answer with products the database wrote as JSON
// (issue 13); a product by id parses that text and goes through the route's schema and serializer.
// Both must be the same bytes (the kept text is what the serializer writes: its keys in the
// contract's order, nothing it would drop or change), whatever the text holds (quotes, backslashes,
// control characters, any script), the SKU (none or one), the pictures (none or several) and the
// average (whole or with one decimal).

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
  /** The product as a listing shows it: its page's answer without the filter table at its end. */
  const listed = async (id: number) => {
    const text = await byId(id);
    expect(text.endsWith(',"filters":[]}')).toBe(true);
    return `${text.slice(0, -',"filters":[]}'.length)}}`;
  };

  beforeAll(async () => {
    // The read cache off: answers asked together must come from the database together.
    server = await startTestServer({ database: kind, seed: "none", env: { READ_CACHE_SECONDS: "0" } });
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
      JSON.stringify({ count: 3, next, previous, results: [JSON.parse(await listed(newest[1]!))] }),
    );
    const all = await get("/api/shop/product/paginated/?page=1&page_size=8");
    const results = await Promise.all(newest.map(listed));
    expect(all.body).toBe(`{"count":3,"next":null,"previous":null,"results":[${results.join(",")}]}`);
    expect(all.headers["content-type"]).toBe("application/json; charset=utf-8");
  });

  it("answers a search with the bytes the serialiser writes", async () => {
    const found = await get("/api/shop/product/search/", "POST", { search_query: "jerrycan" });
    const products = (JSON.parse(found.body) as { products: { product_id: number }[] }).products;
    expect(products.map((p) => p.product_id).sort()).toEqual([...ids].sort());
    const expected = await Promise.all(products.map((p) => listed(p.product_id)));
    expect(found.body).toBe(`{"products":[${expected.join(",")}]}`);
    expect(found.headers["content-type"]).toBe("application/json; charset=utf-8");
  });

  it("answers searches asked at the same moment each with its own", async () => {
    // Searches asked together go together, the same words searched once: no answer may get another's.
    const queries = [
      "jerrycan",
      "Jerrycan!",
      "plain",
      "separator",
      "slash",
      "kampala",
      "no such thing",
      "20",
    ];
    const search = (q: string) => get("/api/shop/product/search/", "POST", { search_query: q });
    const alone = [];
    for (const q of queries) alone.push((await search(q)).body);
    expect(new Set(alone).size).toBeGreaterThan(3);
    const asked = Array.from({ length: 40 }, (_, i) => i % queries.length);
    const together = await Promise.all(asked.map((i) => search(queries[i]!)));
    for (const [n, answer] of together.entries()) {
      expect(answer.body, queries[asked[n]!]).toBe(alone[asked[n]!]);
    }
  });
  it("keeps each product's stored text in step with what it shows", async () => {
    // The database keeps each product's text (migration 0011): every change a product's answer shows
    // must reach it, whether made to the product, its pictures, its ratings, its shop or its category.
    const db = server.db;
    const [first, second, third] = ids as [number, number, number];
    const product = (id: number) =>
      db
        .selectFrom("products")
        .select(["slug", "shop_id", "category_id", "sub_category_id"])
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
    const inStep = async (id: number, shows: string) => {
      const expected = await byId(id);
      expect(expected).toContain(shows);
      const { slug } = await product(id);
      expect((await get(`/api/shop/product/slug/${slug}/`)).body).toBe(`{"data":${expected}}`);
    };
    const { shop_id, category_id, sub_category_id } = await product(first);
    await db
      .updateTable("products")
      .set({ price: 31_000, name: "Jerrycan renamed" })
      .where("id", "=", first)
      .execute();
    await inStep(first, '"product_name":"Jerrycan renamed","slug"');
    await db.updateTable("shops").set({ name: "Owino renamed" }).where("id", "=", shop_id).execute();
    await inStep(first, '"shop_name":"Owino renamed"');
    await inStep(second, '"shop_name":"Owino renamed"');
    await db
      .updateTable("shops")
      .set({ verification_status: "REJECTED" })
      .where("id", "=", shop_id)
      .execute();
    await inStep(second, '"shop_verification_status":"REJECTED"');
    await db.updateTable("categories").set({ name: "Tools renamed" }).where("id", "=", category_id).execute();
    await db
      .updateTable("sub_categories")
      .set({ name: "Hoes renamed" })
      .where("id", "=", sub_category_id)
      .execute();
    for (const id of ids) await inStep(id, '"category_name":"Tools renamed"');
    await inStep(third, '"sub_category_name":"Hoes renamed"');
    await aRating(db, { product_id: third, rating: 9 });
    await inStep(third, '"average_rating":4.5,"number_of_users_rated":1');
    await db.deleteFrom("product_images").where("product_id", "=", second).execute();
    await inStep(second, '"images":[]');
    await db
      .insertInto("product_images")
      .values({ product_id: first, path: "/media/products/c.webp", position: 0, width: 800, height: 600 })
      .execute();
    await inStep(first, '"images":["/media/products/c.webp"]');
    await db.updateTable("products").set({ in_stock: 0, sku: null }).where("id", "=", second).execute();
    await inStep(second, '"in_stock":0');
  });
});

describe.each(databaseKinds())("listing pages asked at the same moment (%s)", (kind) => {
  let server: TestServer;
  /** Every listing page the test asks for: each scope, several page sizes, one page past the end. */
  const urls: string[] = [];

  const ask = (url: string) => server.app.inject({ method: "GET", url });

  beforeAll(async () => {
    // The read cache off: answers asked together must come from the database together.
    server = await startTestServer({ database: kind, seed: "none", env: { READ_CACHE_SECONDS: "0" } });
    const db = server.db;
    const shop = await aShop(db);
    const first = await aCategory(db);
    const second = await aCategory(db);
    const empty = await aCategory(db);
    const subs = [
      { sub: await aSubCategory(db, { category_id: first.id }), products: 5 },
      { sub: await aSubCategory(db, { category_id: first.id }), products: 3 },
      { sub: await aSubCategory(db, { category_id: second.id }), products: 2 },
      { sub: await aSubCategory(db, { category_id: empty.id }), products: 0 },
    ];
    // Interleaved, so that each listing's products are spread among the others' ids.
    for (let i = 0; i < 5; i++) {
      for (const [s, { sub, products }] of subs.entries()) {
        if (i < products) {
          await aProduct(db, { shop_id: shop.id, sub_category_id: sub.id, price: 1_000 * (s + 1) + i });
        }
      }
    }
    // Out of stock: in no listing.
    await aProduct(db, { shop_id: shop.id, sub_category_id: subs[0]!.sub.id, in_stock: 0 });
    const listings = [
      { path: "product/paginated/", size: 10 },
      { path: `product/category/${first.id}/`, size: 8 },
      { path: `product/category/${second.id}/`, size: 2 },
      { path: `product/category/${empty.id}/`, size: 0 },
      ...subs.map(({ sub, products }) => ({ path: `product/sub-category/${sub.id}/`, size: products })),
    ];
    for (const { path, size } of listings) {
      // 1 and 3 share a statement (PAGE_LIMITS 8), 20 has its own.
      for (const pageSize of [1, 3, 20]) {
        const pages = Math.max(1, Math.ceil(size / pageSize));
        for (let page = 1; page <= pages + 1; page++) {
          urls.push(`/api/shop/${path}?page=${page}&page_size=${pageSize}`);
        }
      }
    }
  });
  afterAll(async () => {
    await server?.close();
  });

  it("answers each page with the bytes it gets when asked alone", async () => {
    const alone = [];
    for (const url of urls) alone.push(await ask(url));
    // Most pages differ from one another (a mix-up shows), an empty listing's page 1 is empty, and
    // past the end (or page 2 of nothing) is 'Invalid page.'.
    const found = alone.filter((answer) => answer.statusCode === 200);
    expect(new Set(found.map((answer) => answer.body)).size).toBeGreaterThan(40);
    expect(found.some((answer) => answer.body.startsWith('{"count":0,'))).toBe(true);
    const past = alone.filter((answer) => answer.statusCode !== 200);
    expect(past.length).toBeGreaterThan(10);
    for (const answer of past) expect(answer.json()).toMatchObject({ code: "invalid_page" });

    // All at once, twice (in order, then reversed): pages asked together are read together.
    for (const order of [urls, [...urls].reverse()]) {
      const together = await Promise.all(order.map(ask));
      for (const [i, answer] of together.entries()) {
        const expected = alone[urls.indexOf(order[i]!)]!;
        expect(answer.statusCode, order[i]).toBe(expected.statusCode);
        expect(answer.body, order[i]).toBe(expected.body);
      }
    }
  });
});
