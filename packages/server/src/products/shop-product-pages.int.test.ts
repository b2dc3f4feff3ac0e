import { createHash } from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { aSignedInUser } from "../testing/auth-helpers.js";
import { aCategory, aShop, aSubCategory } from "../testing/fixtures.js";
import { databaseKinds, startTestServer, type TestServer } from "../testing/test-server.js";
import { aPhoto, form, sellerCaller } from "./seller-test-client.js";

// GET product/shop/{id}/paginated/: every product of a shop page by page, oldest first, in and out
// of stock, each with its pictures' SHA-256 as uploaded and as served and its filter values; the
// spec's product/shop/{id}/ answers as before.

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

describe.each(databaseKinds())("a shop's products page by page (%s)", (kind) => {
  let server: TestServer;
  const call = sellerCaller(() => server);
  let shopId: number;
  const photos: Buffer[] = [];
  const ids: number[] = [];
  let owner: Awaited<ReturnType<typeof aSignedInUser>>;

  beforeAll(async () => {
    server = await startTestServer({ database: kind, seed: "none" });
    owner = await aSignedInUser(server);
    shopId = (await aShop(server.db, { owner_id: owner.id, name: "Nakawa Phones" })).id;
    const category = await aCategory(server.db, { name: "Electronics" });
    const sub = await aSubCategory(server.db, { category_id: category.id, name: "Phones" });
    for (let i = 0; i < 5; i++) {
      photos.push(await aPhoto());
      const created = await call("POST", "product/", {
        token: owner.key,
        form: form({
          shop_id: shopId,
          product_name: `Phone ${i}`,
          description: "A phone",
          price: 10_000 + i,
          in_stock: i === 2 ? 0 : 1,
          category_id: category.id,
          sub_category_id: sub.id,
          image_1: photos[i],
        }),
      });
      expect(created.status).toBe(201);
      ids.push(created.body.data.product_id);
    }
  });

  afterAll(async () => {
    await server?.close();
  });

  it("pages through every product, oldest first, with each picture's hashes", async () => {
    const first = await call("GET", `product/shop/${shopId}/paginated/?page_size=2`);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ count: 5, previous: null });
    expect(first.body.next).toMatch(/product\/shop\/\d+\/paginated\/\?.*page=2/);
    const all = [first.body.results];
    for (const page of [2, 3])
      all.push(
        (await call("GET", `product/shop/${shopId}/paginated/?page_size=2&page=${page}`)).body.results,
      );
    const products = all.flat();
    expect(products.map((p: { product_id: number }) => p.product_id)).toEqual(ids);
    const served = await fetch(new URL(products[0].images[0], server.baseUrl));
    expect(products[0].image_hashes).toEqual([
      {
        uploaded_sha256: sha256(photos[0]!),
        served_sha256: sha256(new Uint8Array(await served.arrayBuffer())),
      },
    ]);
    const inStock = await call("GET", `product/shop/${shopId}/paginated/?stock_type=in`);
    expect(inStock.body.count).toBe(4);
  });

  it("gives each product's filter values, by filter, as its page does", async () => {
    const sub = (await call("GET", `product/shop/${shopId}/paginated/`)).body.results[0].sub_category_id;
    const made: Record<string, number> = {};
    for (const [name, value] of [
      ["Colour", "Blue"],
      ["Brand", "Tecno"],
    ]) {
      const filter = await server.db
        .insertInto("filters")
        .values({ sub_category_id: sub, name: name! })
        .returning("id")
        .executeTakeFirstOrThrow();
      made[name!] = filter.id;
      made[value!] = (
        await server.db
          .insertInto("filter_values")
          .values({ filter_id: filter.id, name: value! })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id;
    }
    const edited = await call("PATCH", `product/${ids[1]}/`, {
      token: owner.key,
      form: form({ filter_values: JSON.stringify([made.Tecno, made.Blue]) }),
    });
    expect(edited.status).toBe(200);
    const page = await call("GET", `product/shop/${shopId}/paginated/`);
    const byId = new Map(page.body.results.map((p: { product_id: number }) => [p.product_id, p]));
    expect((byId.get(ids[0]) as { filters: unknown[] }).filters).toEqual([]);
    expect((byId.get(ids[1]) as { filters: unknown[] }).filters).toEqual([
      { filter_id: made.Colour, filter_name: "Colour", value_id: made.Blue, value_name: "Blue" },
      { filter_id: made.Brand, filter_name: "Brand", value_id: made.Tecno, value_name: "Tecno" },
    ]);
    expect((byId.get(ids[1]) as { filters: unknown[] }).filters).toEqual(
      (await call("GET", `product/${ids[1]}/`)).body.data.filters,
    );
  });

  it("fills in the served hash of a picture stored before hashes were kept", async () => {
    await sql`UPDATE product_images SET uploaded_sha256 = NULL, served_sha256 = NULL`.execute(server.db);
    const page = await call("GET", `product/shop/${shopId}/paginated/`);
    const hashes = page.body.results.map((p: { image_hashes: unknown[] }) => p.image_hashes[0]);
    for (const hash of hashes)
      expect(hash).toMatchObject({
        uploaded_sha256: null,
        served_sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      });
    const { rows } = await sql<{ n: number | string }>`
      SELECT count(*) AS n FROM product_images WHERE served_sha256 IS NULL`.execute(server.db);
    expect(Number(rows[0]!.n)).toBe(0);
  });

  it("answers 404 for an unknown shop and for a page past the end; the unpaged call is unchanged", async () => {
    expect(await call("GET", "product/shop/999999/paginated/")).toMatchObject({
      status: 404,
      body: { detail: "Shop not found", code: "shop_not_found" },
    });
    expect(await call("GET", `product/shop/${shopId}/paginated/?page=9`)).toMatchObject({
      status: 404,
      body: { detail: "Invalid page.", code: "invalid_page" },
    });
    const unpaged = await call("GET", `product/shop/${shopId}/`);
    expect(unpaged.body.number_of_products).toBe(4);
    expect(unpaged.body.data[0]).not.toHaveProperty("image_hashes");
  });
});
