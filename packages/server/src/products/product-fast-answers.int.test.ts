import { productCalls } from "@katale/adapters-http/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ZodType } from "zod";
import { aCategory, aProduct, aRating, aShop, aSubCategory } from "../testing/fixtures.js";
import { databaseKinds, startTestServer, type TestServer } from "../testing/test-server.js";

// The fast read routes send text the database wrote (the products' kept texts, put together into
// pages and searches) and so skip the route's response serializer, which would have checked the
// answer against the contract. This checks it instead: every fast answer, cold and from the read
// cache, is what the contract's response schema accepts, with nothing it would strip or change.

/** The answer parsed as JSON, after checking that `schema` takes it as it is. */
function accepted(schema: ZodType, body: string): unknown {
  const json: unknown = JSON.parse(body);
  const parsed = schema.safeParse(json);
  expect(parsed.error?.issues ?? [], body.slice(0, 200)).toEqual([]);
  // A key the schema does not know would be dropped by the serializer, a value it turns into another
  // would be sent changed: the text must be what the serializer itself would have written.
  expect(parsed.data, body.slice(0, 200)).toStrictEqual(json);
  return json;
}

describe.each(databaseKinds())("the fast product answers keep the contract (%s)", (kind) => {
  let server: TestServer;
  let category = 0;
  let subCategory = 0;
  const slugs: string[] = [];
  const ids: number[] = [];

  beforeAll(async () => {
    // The read cache on (the default): the second answer of each comes from memory.
    server = await startTestServer({ database: kind, seed: "none" });
    const db = server.db;
    const made = await aCategory(db, { name: 'Tools & "Hardware"' });
    const sub = await aSubCategory(db, { category_id: made.id, name: "Jembe\\hoes" });
    category = made.id;
    subCategory = sub.id;
    const shop = await aShop(db, { name: "Owino \u00e9t\u00e9 \u{1F6D2}", verification_status: "VERIFIED" });
    const texts = [
      ['Jerrycan "20 litre"', "Line one\nline two\ttabbed \u0001 and a back\\slash"],
      ["Jerrycan \u2028 separator \u00b2", "Kampala \u65e5\u672c \u0663 / slash"],
      ["Jerrycan plain", ""],
    ];
    for (const [i, [name, description]] of texts.entries()) {
      const product = await aProduct(db, {
        shop_id: shop.id,
        sub_category_id: sub.id,
        name,
        description,
        price: 25_000 + i,
        in_stock: 3,
        images: i === 0 ? [] : ["/media/products/a.webp", "/media/products/b.webp"],
      });
      ids.push(product.id);
      slugs.push(product.slug);
    }
    await db.updateTable("products").set({ sku: 'SKU-"1"' }).where("id", "=", ids[1]!).execute();
    // Averages 4 (8 and 8 of 10) and 3.5 (7 of 10); the third has none.
    await aRating(db, { product_id: ids[0]!, rating: 8 });
    await aRating(db, { product_id: ids[0]!, rating: 8 });
    await aRating(db, { product_id: ids[1]!, rating: 7 });
    // Out of stock: shown by slug and id, in no listing.
    const out = await aProduct(db, { shop_id: shop.id, sub_category_id: sub.id, in_stock: 0 });
    ids.push(out.id);
    slugs.push(out.slug);
  });
  afterAll(async () => {
    await server?.close();
  });

  /** Asks twice (the second from the read cache) and checks both answers against `schema`. */
  async function twice(schema: ZodType, url: string, payload?: object) {
    const answers = [];
    for (let i = 0; i < 2; i++) {
      const response = await server.app.inject({
        method: payload ? "POST" : "GET",
        url: `/api/shop/${url}`,
        ...(payload ? { payload } : {}),
      });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers["content-type"], url).toBe("application/json; charset=utf-8");
      answers.push(accepted(schema, response.body));
    }
    expect(answers[1], url).toEqual(answers[0]);
    return answers[0];
  }

  it("answers listing pages the contract accepts", async () => {
    const listings = [
      { call: productCalls.paginated, path: "product/paginated/" },
      { call: productCalls.byCategory, path: `product/category/${category}/` },
      { call: productCalls.bySubCategory, path: `product/sub-category/${subCategory}/` },
    ];
    for (const { call, path } of listings) {
      for (const query of ["", "?page=1&page_size=2", "?page=2&page_size=2", "?page=1&page_size=50"]) {
        const page = (await twice(call.response[200], `${path}${query}`)) as { results: unknown[] };
        expect(page.results.length, `${path}${query}`).toBeGreaterThan(0);
      }
    }
  });

  it("answers products by slug and by id the contract accepts, out of stock too", async () => {
    for (const [i, slug] of slugs.entries()) {
      const bySlug = await twice(productCalls.getBySlug.response[200], `product/slug/${slug}/`);
      const byId = await twice(productCalls.getById.response[200], `product/${ids[i]}/`);
      expect(bySlug).toEqual(byId);
    }
  });

  it("answers searches the contract accepts, empty ones too", async () => {
    const schema = productCalls.search.response[200];
    for (const search_query of ["jerrycan", "separator slash", "samsng", "nothing like this"]) {
      await twice(schema, "product/search/", { search_query });
    }
    const found = (await twice(schema, "product/search/", { search_query: "jerrycan" })) as {
      products: unknown[];
    };
    expect(found.products).toHaveLength(3);
  });
});
