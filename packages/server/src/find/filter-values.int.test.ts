import { productDetailWire, shopWire } from "@katale/adapters-http/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { aPhoto, form, sellerCaller } from "../products/seller-test-client.js";
import { aSignedInUser } from "../testing/auth-helpers.js";
import { aCategory, aShop, aSubCategory } from "../testing/fixtures.js";
import { databaseKinds, startTestServer, type TestServer } from "../testing/test-server.js";

// Products carry at most one value of each filter of their sub category, sent as filter_values on
// create and edit, refused otherwise (invalid_filter_value), and shown as `filters` on the product's
// pages, also when read again from the read cache after a change. Shops get their district.

type Signed = Awaited<ReturnType<typeof aSignedInUser>>;

describe.each(databaseKinds())("filter values and districts (%s)", (kind) => {
  let server: TestServer;
  const call = sellerCaller(() => server);
  let owner: Signed;
  let admin: Signed;
  let shopId: number;
  let categoryId: number;
  let crafts: number;
  let mats: number;
  const v: Record<string, number> = {};
  const f: Record<string, number> = {};

  async function aFilter(subCategoryId: number, name: string, values: string[]) {
    const filter = await server.db
      .insertInto("filters")
      .values({ sub_category_id: subCategoryId, name })
      .returning("id")
      .executeTakeFirstOrThrow();
    f[name] = filter.id;
    for (const value of values) {
      const row = await server.db
        .insertInto("filter_values")
        .values({ filter_id: filter.id, name: value })
        .returning("id")
        .executeTakeFirstOrThrow();
      v[value] = row.id;
    }
  }

  beforeAll(async () => {
    server = await startTestServer({ database: kind, seed: "none" });
    [owner, admin] = await Promise.all([aSignedInUser(server), aSignedInUser(server, { role: "admin" })]);
    shopId = (await aShop(server.db, { owner_id: owner.id, name: "Owino Crafts" })).id;
    categoryId = (await aCategory(server.db, { name: "Home" })).id;
    crafts = (await aSubCategory(server.db, { category_id: categoryId, name: "Baskets" })).id;
    mats = (await aSubCategory(server.db, { category_id: categoryId, name: "Mats" })).id;
    await aFilter(crafts, "Material", ["Papyrus", "Raffia"]);
    await aFilter(crafts, "Colour", ["Red", "Natural"]);
    await aFilter(mats, "Size", ["Small", "Large"]);
  });
  afterAll(() => server?.close());

  async function create(filterValues: string | undefined) {
    return call("POST", "product/", {
      token: owner.key,
      form: form({
        product_name: "Woven basket",
        description: "Hand woven in Kampala",
        price: "35000",
        in_stock: "3",
        category_id: String(categoryId),
        sub_category_id: String(crafts),
        shop_id: String(shopId),
        image_1: await aPhoto(),
        ...(filterValues !== undefined && { filter_values: filterValues }),
      }),
    });
  }

  const edit = (id: number, fields: Record<string, string>) =>
    call("PATCH", `product/${id}/`, { token: owner.key, form: form(fields) });

  /** The product's filters as both of its pages answer them (the contract's schema takes them). */
  async function pages(id: number, slug: string) {
    const [byId, bySlug] = await Promise.all([
      call("GET", `product/${id}/`),
      call("GET", `product/slug/${slug}/`),
    ]);
    expect(byId.status).toBe(200);
    expect(bySlug.status).toBe(200);
    productDetailWire.parse(byId.body.data);
    productDetailWire.parse(bySlug.body.data);
    expect(bySlug.body.data).toEqual(byId.body.data);
    return bySlug.body.data.filters as { value_name: string }[];
  }

  it("stores the values sent and shows them on the product's pages, by filter", async () => {
    const created = await create(JSON.stringify([v.Red, v.Papyrus]));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data.filters).toEqual([
      { filter_id: f.Material, filter_name: "Material", value_id: v.Papyrus, value_name: "Papyrus" },
      { filter_id: f.Colour, filter_name: "Colour", value_id: v.Red, value_name: "Red" },
    ]);
    const { product_id: id, slug } = created.body.data;
    expect((await pages(id, slug)).map((x) => x.value_name)).toEqual(["Papyrus", "Red"]);
  });

  it("refuses a value of another sub category's filter, two values of one filter, and a malformed list", async () => {
    for (const sent of [
      JSON.stringify([v.Small]),
      JSON.stringify([v.Papyrus, v.Raffia]),
      "[papyrus]",
      "{}",
    ]) {
      const refused = await create(sent);
      expect(refused.status, sent).toBe(400);
      expect(refused.body.code).toBe("invalid_filter_value");
      expect(refused.body.filter_values).toHaveLength(1);
    }
    const none = await create(undefined);
    expect(none.status).toBe(201);
    expect(none.body.data.filters).toEqual([]);
  });

  it("shows edits, renames and a move to another sub category at once, also from the read cache", async () => {
    const created = await create(JSON.stringify([v.Papyrus]));
    const { product_id: id, slug } = created.body.data;
    expect((await pages(id, slug)).map((x) => x.value_name)).toEqual(["Papyrus"]);

    const edited = await edit(id, { filter_values: JSON.stringify([v.Raffia, v.Natural]) });
    expect(edited.status).toBe(200);
    expect((await pages(id, slug)).map((x) => x.value_name)).toEqual(["Raffia", "Natural"]);

    const refused = await edit(id, { filter_values: JSON.stringify([v.Large]) });
    expect(refused.body.code).toBe("invalid_filter_value");

    const renamed = await call("PATCH", `category/filtervalue/${v.Raffia}/`, {
      token: admin.key,
      json: { name: "Raffia palm" },
    });
    expect(renamed.status).toBe(200);
    expect((await pages(id, slug)).map((x) => x.value_name)).toEqual(["Raffia palm", "Natural"]);

    // Moved to Mats: Baskets' values no longer apply; Mats' may be chosen in the same edit.
    const moved = await edit(id, { sub_category_id: String(mats) });
    expect(moved.status).toBe(200);
    expect(await pages(id, slug)).toEqual([]);
    const sized = await edit(id, { filter_values: JSON.stringify([v.Large]) });
    expect(sized.body.data.filters.map((x: { value_name: string }) => x.value_name)).toEqual(["Large"]);
    expect((await edit(id, { filter_values: "[]" })).body.data.filters).toEqual([]);
  });

  it("places a shop in its district when it is created and when it moves", async () => {
    const shop = await aShop(server.db, { location_latitude: 0.3163, location_longitude: 32.5822 });
    const read = async () => {
      const answer = await call("GET", `shop/${shop.id}/`);
      expect(answer.status).toBe(200);
      return shopWire.parse(answer.body.data).district;
    };
    expect(await read()).toBe("Kampala");
    await server.db
      .updateTable("shops")
      .set({ location_latitude: 2.7746, location_longitude: 32.299 })
      .where("id", "=", shop.id)
      .execute();
    const row = await server.db
      .selectFrom("shops")
      .select("district")
      .where("id", "=", shop.id)
      .executeTakeFirstOrThrow();
    expect(row.district).toBe("Gulu");
    const away = await aShop(server.db, { location_latitude: 48.85, location_longitude: 2.35 });
    const none = await aShop(server.db, { location_latitude: null, location_longitude: null });
    const districts = await server.db
      .selectFrom("shops")
      .select(["id", "district"])
      .where("id", "in", [away.id, none.id])
      .orderBy("id")
      .execute();
    expect(districts.map((d) => d.district)).toEqual([null, null]);
  });
});
