import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { aCategory, aSubCategory } from "../testing/fixtures.js";
import { databaseKinds, startTestServer, type TestServer } from "../testing/test-server.js";

// The catalogue read calls of spec §7: categories, sub categories and filters.

describe.each(databaseKinds())("catalogue read routes (%s)", (kind) => {
  let server: TestServer;
  let electronics: { id: number };
  let services: { id: number };
  let empty: { id: number };
  let phones: { id: number };
  let laptops: { id: number };
  let plumbing: { id: number };

  const get = async (path: string) => {
    const response = await server.app.inject({ method: "GET", url: `/api/shop/${path}` });
    return { status: response.statusCode, body: response.json() };
  };

  beforeAll(async () => {
    server = await startTestServer({ database: kind, seed: "none" });
    const db = server.db;
    electronics = await aCategory(db, { name: "Electronics", image_url: "cdn.example.ug/electronics.webp" });
    services = await aCategory(db, { name: "Services" });
    empty = await aCategory(db, { name: "Furniture" });
    phones = await aSubCategory(db, {
      category_id: electronics.id,
      name: "Phones",
      image_url: "/media/sub/phones.webp",
    });
    laptops = await aSubCategory(db, { category_id: electronics.id, name: "Laptops" });
    plumbing = await aSubCategory(db, { category_id: services.id, name: "Plumbing" });
    const brand = await db
      .insertInto("filters")
      .values({ sub_category_id: phones.id, name: "Brand" })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db.insertInto("filters").values({ sub_category_id: phones.id, name: "Storage" }).execute();
    await db
      .insertInto("filter_values")
      .values([
        { filter_id: brand.id, name: "Samsung" },
        { filter_id: brand.id, name: "Tecno" },
      ])
      .execute();
  });

  afterAll(async () => {
    await server?.close();
  });

  it("category/ answers {categories} by id with nullable image_url", async () => {
    expect(await get("category/")).toEqual({
      status: 200,
      body: {
        categories: [
          { id: electronics.id, name: "Electronics", image_url: "cdn.example.ug/electronics.webp" },
          { id: services.id, name: "Services", image_url: null },
          { id: empty.id, name: "Furniture", image_url: null },
        ],
      },
    });
  });

  it("category/subcategory/ answers every sub category in the listing form", async () => {
    const { status, body } = await get("category/subcategory/");
    expect(status).toBe(200);
    expect(body.sub_categories).toEqual([
      {
        subcategory_id: phones.id,
        subcategory_name: "Phones",
        category_id: electronics.id,
        category_name: "Electronics",
        image_url: "/media/sub/phones.webp",
      },
      {
        subcategory_id: laptops.id,
        subcategory_name: "Laptops",
        category_id: electronics.id,
        category_name: "Electronics",
        image_url: null,
      },
      {
        subcategory_id: plumbing.id,
        subcategory_name: "Plumbing",
        category_id: services.id,
        category_name: "Services",
        image_url: null,
      },
    ]);
  });

  it("category/subcategory/{categoryId}/ answers one category's sub categories", async () => {
    const { body } = await get(`category/subcategory/${services.id}/`);
    expect(body.sub_categories.map((s: { subcategory_name: string }) => s.subcategory_name)).toEqual([
      "Plumbing",
    ]);
    expect(await get(`category/subcategory/${empty.id}/`)).toEqual({
      status: 200,
      body: { sub_categories: [] },
    });
    expect(await get("category/subcategory/999999/")).toEqual({
      status: 404,
      body: { detail: "Category not found", code: "category_not_found" },
    });
  });

  it("category/filter/{subcategoryId} answers the filters with their values", async () => {
    const { status, body } = await get(`category/filter/${phones.id}`);
    expect(status).toBe(200);
    expect(body.filters).toEqual([
      {
        filter_id: expect.any(Number),
        filter_name: "Brand",
        sub_category: phones.id,
        values: [
          { id: expect.any(Number), name: "Samsung" },
          { id: expect.any(Number), name: "Tecno" },
        ],
      },
      { filter_id: expect.any(Number), filter_name: "Storage", sub_category: phones.id, values: [] },
    ]);
    expect(await get(`category/filter/${laptops.id}`)).toEqual({ status: 200, body: { filters: [] } });
    expect(await get("category/filter/999999")).toEqual({
      status: 404,
      body: { detail: "Sub category not found", code: "sub_category_not_found" },
    });
  });

  it.each(["category/subcategory/abc/", "category/filter/-3", "category/subcategory/4294967296/"])(
    "answers a 4xx with a message for %s",
    async (path) => {
      const { status, body } = await get(path);
      expect([400, 404]).toContain(status);
      expect(typeof body.detail).toBe("string");
    },
  );
});
