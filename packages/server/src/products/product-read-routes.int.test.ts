import type { ProductWire } from "@katale/adapters-http/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  aCategory,
  aProduct,
  aRating,
  aShop,
  aSubCategory,
  type ProductFixture,
} from "../testing/fixtures.js";
import { databaseKinds, startTestServer, type TestServer } from "../testing/test-server.js";

// The product read calls of spec §7 on a real database: envelopes, in-stock filtering, ordering,
// pagination edges, not-found messages and search.

describe.each(databaseKinds())("product read routes (%s)", (kind) => {
  let server: TestServer;
  let phones: { id: number };
  let food: { id: number };
  let emptyCategory: { id: number };
  let phonesSub: { id: number };
  let foodSub: { id: number };
  let emptySub: { id: number };
  let phoneShop: { id: number };
  let emptyShop: { id: number };
  let samsung: ProductFixture;
  let tecno: ProductFixture;
  let matooke: ProductFixture;
  let nokia: ProductFixture;
  let fillers: ProductFixture[];

  const get = async (path: string) => {
    const response = await server.app.inject({ method: "GET", url: `/api/shop/${path}` });
    return { status: response.statusCode, headers: response.headers, body: response.json() };
  };
  const search = async (payload: unknown) => {
    const response = await server.app.inject({
      method: "POST",
      url: "/api/shop/product/search/",
      payload: payload as object,
    });
    return { status: response.statusCode, body: response.json() };
  };
  const names = (products: ProductWire[]) => products.map((p) => p.product_name);

  beforeAll(async () => {
    server = await startTestServer({ database: kind, seed: "none" });
    const db = server.db;
    phones = await aCategory(db, { name: "Electronics" });
    food = await aCategory(db, { name: "Food" });
    emptyCategory = await aCategory(db, { name: "Furniture" });
    phonesSub = await aSubCategory(db, { category_id: phones.id, name: "Phones" });
    foodSub = await aSubCategory(db, { category_id: food.id, name: "Fresh food" });
    emptySub = await aSubCategory(db, { category_id: emptyCategory.id, name: "Chairs" });
    phoneShop = await aShop(db, { name: "Kampala Phones", verification_status: "VERIFIED" });
    const market = await aShop(db, { name: "Jinja Market" });
    emptyShop = await aShop(db, { name: "Empty Shop" });

    samsung = await aProduct(db, {
      shop_id: phoneShop.id,
      sub_category_id: phonesSub.id,
      name: "Samsung Galaxy A15",
      description: "128 GB storage, dual SIM, 5000 mAh battery",
      price: 650_000,
      in_stock: 3,
      images: ["/media/products/samsung-front.webp", "/media/products/samsung-back.webp"],
    });
    tecno = await aProduct(db, {
      shop_id: phoneShop.id,
      sub_category_id: phonesSub.id,
      name: "Tecno Spark 20",
      description: "Affordable smartphone with a big screen",
      price: 420_000,
    });
    nokia = await aProduct(db, {
      shop_id: phoneShop.id,
      sub_category_id: phonesSub.id,
      name: "Nokia 105",
      in_stock: 0,
    });
    matooke = await aProduct(db, {
      shop_id: market.id,
      sub_category_id: foodSub.id,
      name: "Matooke bunch",
      description: "Fresh green bananas from Mbarara",
      price: 35_000,
    });
    fillers = [];
    for (let i = 1; i <= 9; i++) {
      fillers.push(
        await aProduct(db, { shop_id: market.id, sub_category_id: foodSub.id, name: `Sack of beans ${i}` }),
      );
    }
    await aRating(db, { product_id: samsung.id, rating: 8 });
    await aRating(db, { product_id: samsung.id, rating: 9 });
  });

  afterAll(async () => {
    await server?.close();
  });

  const inStockNewestFirst = () => [...fillers.slice().reverse(), matooke, tecno, samsung];

  it("product/ lists in-stock products only, newest first, with caching headers", async () => {
    const { status, body, headers } = await get("product/");
    expect(status).toBe(200);
    expect(body.data.map((p: ProductWire) => p.product_id)).toEqual(inStockNewestFirst().map((p) => p.id));
    expect(names(body.data)).not.toContain("Nokia 105");
    expect(headers["cache-control"]).toBe("public, max-age=30");
  });

  it("product/{id}/ answers the product in its wire shape", async () => {
    const { status, body } = await get(`product/${samsung.id}/`);
    expect(status).toBe(200);
    expect(body.data).toEqual({
      product_id: samsung.id,
      product_name: "Samsung Galaxy A15",
      slug: samsung.slug,
      description: "128 GB storage, dual SIM, 5000 mAh battery",
      price: 650_000,
      in_stock: 3,
      images: ["/media/products/samsung-front.webp", "/media/products/samsung-back.webp"],
      shop_id: phoneShop.id,
      shop_name: "Kampala Phones",
      shop_verification_status: "VERIFIED",
      category_id: phones.id,
      category_name: "Electronics",
      sub_category_id: phonesSub.id,
      sub_category_name: "Phones",
      // (8 + 9) / 2 stored, halved: 4.25, one decimal.
      average_rating: 4.3,
      number_of_users_rated: 2,
      // The owner's own key (issue 9); none was given.
      sku: null,
      // No filter values chosen.
      filters: [],
    });
  });

  it("product/slug/{slug}/ finds a product by slug, also when it is out of stock", async () => {
    const bySlug = await get(`product/slug/${samsung.slug}/`);
    expect(bySlug.status).toBe(200);
    expect(bySlug.body.data.product_id).toBe(samsung.id);
    const outOfStock = await get(`product/slug/${nokia.slug}/`);
    expect(outOfStock.body.data).toMatchObject({ product_name: "Nokia 105", in_stock: 0, average_rating: 0 });
  });

  it("answers 'Product not found' for an unknown id or slug", async () => {
    expect(await get("product/999999/")).toMatchObject({
      status: 404,
      body: { detail: "Product not found", code: "product_not_found" },
    });
    expect(await get("product/slug/no-such-thing/")).toMatchObject({
      status: 404,
      body: { detail: "Product not found", code: "product_not_found" },
    });
  });

  it.each(["abc", "-1", "0", "1.5", "2147483648", "99999999999999999999"])(
    "answers a 4xx with a message, never a 500, for the id %s",
    async (id) => {
      const { status, body } = await get(`product/${id}/`);
      expect([400, 404]).toContain(status);
      expect(typeof body.detail).toBe("string");
    },
  );

  it("product/paginated/ pages through in-stock products with absolute links", async () => {
    const all = inStockNewestFirst();
    const first = await get("product/paginated/?page=1&page_size=5");
    expect(first.status).toBe(200);
    expect(first.body.count).toBe(all.length);
    expect(first.body.results.map((p: ProductWire) => p.product_id)).toEqual(
      all.slice(0, 5).map((p) => p.id),
    );
    expect(first.body.previous).toBeNull();
    const next = new URL(first.body.next);
    expect(next.protocol).toBe("http:");
    expect(next.pathname).toBe("/api/shop/product/paginated/");
    expect(next.searchParams.get("page")).toBe("2");
    expect(next.searchParams.get("page_size")).toBe("5");

    const last = await get("product/paginated/?page=3&page_size=5");
    expect(last.status).toBe(200);
    expect(last.body.results.map((p: ProductWire) => p.product_id)).toEqual(all.slice(10).map((p) => p.id));
    expect(last.body.next).toBeNull();
    expect(new URL(last.body.previous).searchParams.get("page")).toBe("2");
  });

  it("product/paginated/ defaults to page 1 of 8", async () => {
    const { body } = await get("product/paginated/");
    expect(body.results).toHaveLength(8);
    expect(body.previous).toBeNull();
  });

  it.each(["4", "999999999", "0", "-1", "abc", "1.5"])(
    "answers 404 'Invalid page.' for page=%s",
    async (page) => {
      expect(await get(`product/paginated/?page=${page}&page_size=5`)).toMatchObject({
        status: 404,
        body: { detail: "Invalid page.", code: "invalid_page" },
      });
    },
  );

  it.each(["-1", "0", "abc"])("answers 400 with a message for page_size=%s", async (size) => {
    const { status, body } = await get(`product/paginated/?page_size=${size}`);
    expect(status).toBe(400);
    expect(body.detail).toMatch(/page_size/);
    expect(body.code).toBe("invalid_input");
  });

  it("clamps page_size to 100", async () => {
    const db = server.db;
    const extra = Array.from({ length: 100 }, (_, i) => ({
      shop_id: emptyShop.id,
      category_id: emptyCategory.id,
      sub_category_id: emptySub.id,
      name: `Plastic chair ${i}`,
      slug: `plastic-chair-bulk-${i}`,
      price: 15_000,
      in_stock: 1,
    }));
    const inserted = await db.insertInto("products").values(extra).returning("id").execute();
    try {
      const { status, body } = await get("product/paginated/?page=1&page_size=1000");
      expect(status).toBe(200);
      expect(body.results).toHaveLength(100);
      expect(body.count).toBe(100 + inStockNewestFirst().length);
      expect(new URL(body.next).searchParams.get("page")).toBe("2");
    } finally {
      await db
        .deleteFrom("products")
        .where(
          "id",
          "in",
          inserted.map((r) => r.id),
        )
        .execute();
    }
  });

  it("product/category/{id}/ lists one category's in-stock products", async () => {
    const { status, body } = await get(`product/category/${phones.id}/`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ count: 2, next: null, previous: null });
    expect(names(body.results)).toEqual(["Tecno Spark 20", "Samsung Galaxy A15"]);
  });

  it("an empty category answers page 1 empty, page 2 'Invalid page.', an unknown one 'Category not found'", async () => {
    expect(await get(`product/category/${emptyCategory.id}/`)).toMatchObject({
      status: 200,
      body: { count: 0, next: null, previous: null, results: [] },
    });
    expect(await get(`product/category/${emptyCategory.id}/?page=2`)).toMatchObject({
      status: 404,
      body: { detail: "Invalid page.", code: "invalid_page" },
    });
    expect(await get("product/category/999999/")).toMatchObject({
      status: 404,
      body: { detail: "Category not found", code: "category_not_found" },
    });
  });

  it("product/sub-category/{id}/ lists one sub category's in-stock products, each with its category", async () => {
    const { status, body } = await get(`product/sub-category/${foodSub.id}/?page=2&page_size=6`);
    expect(status).toBe(200);
    expect(body.count).toBe(10);
    expect(body.results).toHaveLength(4);
    expect(body.results.every((p: ProductWire) => p.category_id === food.id)).toBe(true);
    expect(names(body.results).at(-1)).toBe("Matooke bunch");
    expect(await get("product/sub-category/999999/")).toMatchObject({
      status: 404,
      body: { detail: "Sub category not found", code: "sub_category_not_found" },
    });
  });

  it("product/shop/{shopId}/ lists a shop's in-stock products, or with stock_type=out its out-of-stock ones", async () => {
    const inStock = await get(`product/shop/${phoneShop.id}/`);
    expect(inStock.status).toBe(200);
    expect(names(inStock.body.data)).toEqual(["Tecno Spark 20", "Samsung Galaxy A15"]);
    expect(inStock.body.number_of_products).toBe(2);

    const out = await get(`product/shop/${phoneShop.id}/?stock_type=out`);
    expect(names(out.body.data)).toEqual(["Nokia 105"]);
    expect(out.body.number_of_products).toBe(1);

    expect(await get(`product/shop/${emptyShop.id}/`)).toMatchObject({
      status: 200,
      body: { data: [], number_of_products: 0 },
    });
    expect(await get("product/shop/999999/")).toMatchObject({
      status: 404,
      body: { detail: "Shop not found", code: "shop_not_found" },
    });
  });

  it("product/shop/{shopId}/?limit= answers the newest `limit` and still counts them all", async () => {
    const first = await get(`product/shop/${phoneShop.id}/?limit=1`);
    expect(first.status).toBe(200);
    expect(names(first.body.data)).toEqual(["Tecno Spark 20"]);
    expect(first.body.number_of_products).toBe(2);
    expect(names((await get(`product/shop/${phoneShop.id}/?limit=5000`)).body.data)).toHaveLength(2);
    for (const limit of ["0", "-1", "two"]) {
      expect((await get(`product/shop/${phoneShop.id}/?limit=${limit}`)).status, limit).toBe(400);
    }
  });

  describe("POST product/search/", () => {
    it("forgives a typo: 'samsng' finds the Samsung first", async () => {
      const { status, body } = await search({ search_query: "samsng" });
      expect(status).toBe(200);
      expect(body.products[0]?.product_name).toBe("Samsung Galaxy A15");
    });

    it("'matoke' finds Matooke", async () => {
      const { body } = await search({ search_query: "matoke" });
      expect(names(body.products)[0]).toBe("Matooke bunch");
    });

    it("matches words of the description and prefixes, ranking name matches first", async () => {
      expect(names((await search({ search_query: "bananas" })).body.products)).toEqual(["Matooke bunch"]);
      expect(names((await search({ search_query: "smartph" })).body.products)).toEqual(["Tecno Spark 20"]);
      expect(names((await search({ search_query: "Galaxy phone" })).body.products)[0]).toBe(
        "Samsung Galaxy A15",
      );
    });

    it("finds nothing for nonsense and never lists out-of-stock products", async () => {
      expect((await search({ search_query: "xqzvw plorf" })).body.products).toEqual([]);
      expect((await search({ search_query: "nokia" })).body.products).toEqual([]);
      expect((await search({ search_query: "!!!" })).body.products).toEqual([]);
    });

    it.each([
      {},
      { search_query: "" },
      { search_query: "   " },
      { search_query: 42 },
      { search_query: "x".repeat(201) },
    ])("answers 400 with a message for %j", async (payload) => {
      const { status, body } = await search(payload);
      expect(status).toBe(400);
      expect(typeof body.detail).toBe("string");
    });
  });

  it("product/related/{id}/ answers 'Product not found' for an unknown product", async () => {
    expect(await get("product/related/999999/")).toMatchObject({
      status: 404,
      body: { detail: "Product not found", code: "product_not_found" },
    });
  });

  // Last: it adds shops and products that the listings above do not expect.
  it("product/related/{id}/ answers in-stock products of the same sub category from other shops, newest first, at most limit", async () => {
    const db = server.db;
    const category = await aCategory(db, { name: "Audio and video" });
    const radios = await aSubCategory(db, { category_id: category.id, name: "Radios" });
    const tvs = await aSubCategory(db, { category_id: category.id, name: "Televisions" });
    const [own, other, third] = [
      await aShop(db, { name: "Own Shop" }),
      await aShop(db, { name: "Other Shop" }),
      await aShop(db, { name: "Third Shop" }),
    ];
    const product = await aProduct(db, { shop_id: own.id, sub_category_id: radios.id, name: "Own radio" });
    await aProduct(db, { shop_id: own.id, sub_category_id: radios.id, name: "Own second radio" });
    await aProduct(db, { shop_id: other.id, sub_category_id: radios.id, name: "Other radio" });
    await aProduct(db, {
      shop_id: other.id,
      sub_category_id: radios.id,
      name: "Sold-out radio",
      in_stock: 0,
    });
    await aProduct(db, { shop_id: other.id, sub_category_id: tvs.id, name: "Other TV" });
    await aProduct(db, { shop_id: third.id, sub_category_id: radios.id, name: "Third radio" });

    const related = await get(`product/related/${product.id}/`);
    expect(related.status).toBe(200);
    expect(related.body.data.map((p: ProductWire) => p.product_name)).toEqual(["Third radio", "Other radio"]);
    expect(related.headers["cache-control"]).toBe("public, max-age=30");
    const one = await get(`product/related/${product.id}/?limit=1`);
    expect(one.body.data.map((p: ProductWire) => p.product_name)).toEqual(["Third radio"]);
    expect((await get(`product/related/${product.id}/?limit=0`)).status).toBe(400);
  });
});

describe("product lookups by unusable slugs", () => {
  it("answer 'Product not found' for slugs no product can have, without a server error", async () => {
    const server = await startTestServer();
    try {
      for (const slug of ["%00", "a%00b", "..%2F..%2Fetc", "%20", "%E2%80%AE"]) {
        const res = await fetch(`${server.shopUrl}product/slug/${slug}/`);
        expect(res.status, slug).toBe(404);
        expect(await res.json()).toEqual({ detail: "Product not found", code: "product_not_found" });
      }
    } finally {
      await server.close();
    }
  });
});
