import { existsSync } from "node:fs";
import { join } from "node:path";
import type { CategoryWire, SubCategoryListingWire } from "@katale/adapters-http/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { aPhoto, form, sellerCaller } from "../products/seller-test-client.js";
import { aSignedInUser } from "../testing/auth-helpers.js";
import { aCategory, aProduct, aShop, aSubCategory } from "../testing/fixtures.js";
import { databaseKinds, startTestServer, type TestServer } from "../testing/test-server.js";

// The admins' catalogue calls (spec §7, issue 10): permissions, bad input, names unique within their
// parent, deletes refused while products remain, and lists that show every change at once (the read
// cache is on, as in production).

type Signed = Awaited<ReturnType<typeof aSignedInUser>>;

describe.each(databaseKinds())("catalogue writes (%s)", (kind) => {
  let server: TestServer;
  const call = sellerCaller(() => server);
  let user: Signed;
  let admin: Signed;

  beforeAll(async () => {
    server = await startTestServer({ database: kind, seed: "none", env: { READ_CACHE_SECONDS: "60" } });
    [user, admin] = await Promise.all([aSignedInUser(server), aSignedInUser(server, { role: "admin" })]);
  });
  afterAll(() => server?.close());

  const mediaFile = (path: string) => join(server.media.publicDir, path.replace(/^\/media\//, ""));
  const categoryNames = async () =>
    (await call("GET", "category/")).body.categories.map((c: CategoryWire) => c.name);

  it("answers every catalogue write 401 to a visitor and 403 to a user who is not an admin", async () => {
    const category = await aCategory(server.db);
    const sub = await aSubCategory(server.db, { category_id: category.id });
    const filter = await server.db
      .insertInto("filters")
      .values({ sub_category_id: sub.id, name: "Colour" })
      .returning("id")
      .executeTakeFirstOrThrow();
    const value = await server.db
      .insertInto("filter_values")
      .values({ filter_id: filter.id, name: "Red" })
      .returning("id")
      .executeTakeFirstOrThrow();
    const calls: [Parameters<typeof call>[0], string, unknown][] = [
      ["POST", "category/", { name: "Not made" }],
      ["PATCH", `category/${category.id}/patch/`, { name: "Not renamed" }],
      ["DELETE", `category/${category.id}/delete`, undefined],
      ["POST", "category/subcategory/", { category: category.id, name: "Not made" }],
      ["PUT", `category/subcategory/${sub.id}/`, { name: "Not renamed" }],
      ["DELETE", `category/subcategory/${sub.id}/`, undefined],
      ["POST", "category/filter/", { name: "Size", subcategory: sub.id }],
      ["PATCH", `category/filter/${filter.id}/`, { name: "Shade" }],
      ["DELETE", `category/filter/${filter.id}/`, undefined],
      ["POST", "category/filtervalue/", { filter: filter.id, name: "Blue" }],
      ["PATCH", `category/filtervalue/${value.id}/`, { name: "Crimson" }],
      ["DELETE", `category/filtervalue/${value.id}/`, undefined],
      ["GET", `category/${category.id}/product-count/`, undefined],
      ["GET", `category/subcategory/${sub.id}/product-count/`, undefined],
    ];
    for (const [method, path, json] of calls) {
      const visitor = await call(method, path, { json });
      expect(visitor.status, `${method} ${path}`).toBe(401);
      expect(visitor.body.code).toBe("not_authenticated");
      const notAdmin = await call(method, path, { json, token: user.key });
      expect(notAdmin.status, `${method} ${path}`).toBe(403);
      expect(notAdmin.body).toMatchObject({ code: "forbidden" });
      const badToken = await call(method, path, { json, token: "not-a-token" });
      expect(badToken.status, `${method} ${path}`).toBe(401);
    }
    // Nothing changed.
    expect(await categoryNames()).toContain(category.name);
    expect((await call("GET", `category/filtervalue/${filter.id}`)).body.values).toEqual([
      { id: value.id, filter: filter.id, name: "Red" },
    ]);
  });

  it("creates a category with its image re-encoded, shown at once; names are unique whatever their case", async () => {
    const before = await categoryNames(); // now in the read cache
    const created = await call("POST", "category/", {
      token: admin.key,
      form: form({ name: "Home & Garden", image: await aPhoto(300, 200) }),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const category: CategoryWire = created.body.data;
    expect(category).toMatchObject({ name: "Home & Garden" });
    expect(category.image_url).toMatch(/^\/media\/categories\/[a-z0-9]+\.webp$/);
    expect(existsSync(mediaFile(category.image_url!))).toBe(true);
    expect(await categoryNames()).toEqual([...before, "Home & Garden"]);
    const listed = await call("GET", "category/");
    expect(listed.headers.get("cache-control")).toBe("public, no-cache");

    const again = await call("POST", "category/", {
      token: admin.key,
      form: form({ name: "home & GARDEN" }),
    });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ detail: "category already exists", code: "category_exists" });

    // Without an image: the clients show their default one.
    const plain = await call("POST", "category/", { token: admin.key, json: { name: "Books" } });
    expect(plain.status).toBe(201);
    expect(plain.body.data.image_url).toBeNull();
  });

  it("refuses a category without a name, with a file that is not an image, or too many files", async () => {
    const noName = await call("POST", "category/", {
      token: admin.key,
      form: form({ image: await aPhoto() }),
    });
    expect(noName.status).toBe(400);
    expect(noName.body).toMatchObject({ name: ["Enter the category's name"], code: "invalid_input" });
    const blank = await call("POST", "category/", { token: admin.key, json: { name: "   " } });
    expect(blank.status).toBe(400);
    const long = await call("POST", "category/", { token: admin.key, json: { name: "x".repeat(101) } });
    expect(long.body).toMatchObject({ name: ["A name is at most 100 characters"] });
    const notImage = await call("POST", "category/", {
      token: admin.key,
      form: form({
        name: "Fake pictures",
        image: { bytes: Buffer.from("<svg></svg>"), type: "image/svg+xml" },
      }),
    });
    expect(notImage.status).toBe(400);
    expect(notImage.body.image).toHaveLength(1);
    expect(await categoryNames()).not.toContain("Fake pictures");
    const bad = await call("PATCH", "category/abc/patch/", { token: admin.key, json: { name: "X" } });
    expect(bad.status).toBe(400);
    const missing = await call("PATCH", "category/999999/patch/", { token: admin.key, json: { name: "X" } });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ detail: "Category not found", code: "category_not_found" });
    expect((await call("DELETE", "category/999999/delete", { token: admin.key })).status).toBe(404);
  });

  it("renames a category and replaces its image; every list shows it at once", async () => {
    const category = await aCategory(server.db, { name: "Phones" });
    const sub = await aSubCategory(server.db, { category_id: category.id, name: "Smartphones" });
    await aProduct(server.db, { category_id: category.id, sub_category_id: sub.id });
    // Read (and cache) the lists first.
    expect(await categoryNames()).toContain("Phones");
    const subsOf = async () =>
      (await call("GET", `category/subcategory/${category.id}/`)).body.sub_categories;
    expect((await subsOf())[0].category_name).toBe("Phones");

    const renamed = await call("PATCH", `category/${category.id}/patch/`, {
      token: admin.key,
      form: form({ name: "Mobile phones", image: await aPhoto() }),
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body.data).toMatchObject({ id: category.id, name: "Mobile phones" });
    const firstImage = renamed.body.data.image_url as string;
    expect(firstImage).toMatch(/^\/media\/categories\//);
    expect(await categoryNames()).toContain("Mobile phones");
    expect((await subsOf())[0].category_name).toBe("Mobile phones");
    const products = await call("GET", `product/category/${category.id}/`);
    expect(products.body.results[0].category_name).toBe("Mobile phones");

    // A new image replaces the old one, whose files go.
    const again = await call("PATCH", `category/${category.id}/patch/`, {
      token: admin.key,
      form: form({ image: await aPhoto() }),
    });
    expect(again.body.data.name).toBe("Mobile phones");
    expect(again.body.data.image_url).not.toBe(firstImage);
    expect(existsSync(mediaFile(firstImage))).toBe(false);

    // Its own name in another case is no conflict; another category's is.
    expect(
      (
        await call("PATCH", `category/${category.id}/patch/`, {
          token: admin.key,
          json: { name: "MOBILE phones" },
        })
      ).status,
    ).toBe(200);
    await aCategory(server.db, { name: "Tablets" });
    const taken = await call("PATCH", `category/${category.id}/patch/`, {
      token: admin.key,
      json: { name: "tablets" },
    });
    expect(taken.status).toBe(409);
    expect(taken.body.detail).toBe("category already exists");
  });

  it("creates, edits and deletes sub categories; names are unique within their category", async () => {
    const clothes = await aCategory(server.db, { name: "Clothes" });
    const shoes = await aCategory(server.db, { name: "Shoes" });
    const all = async () =>
      (await call("GET", "category/subcategory/")).body.sub_categories as SubCategoryListingWire[];
    await all();
    const created = await call("POST", "category/subcategory/", {
      token: admin.key,
      form: form({ category: clothes.id, name: "Dresses", image: await aPhoto() }),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const dresses = created.body.data;
    expect(dresses).toMatchObject({ name: "Dresses", category: clothes.id });
    expect(dresses.image_url).toMatch(/^\/media\/subcategories\/[a-z0-9]+\.webp$/);
    expect((await all()).map((s) => s.subcategory_name)).toContain("Dresses");

    const duplicate = await call("POST", "category/subcategory/", {
      token: admin.key,
      form: form({ category: clothes.id, name: "DRESSES" }),
    });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body).toEqual({ detail: "sub category already exists", code: "category_exists" });
    // The same name under another category is fine.
    const elsewhere = await call("POST", "category/subcategory/", {
      token: admin.key,
      form: form({ category: shoes.id, name: "Dresses" }),
    });
    expect(elsewhere.status).toBe(201);

    for (const [fields, field] of [
      [{ name: "No parent" }, "category"],
      [{ category: "abc", name: "Bad parent" }, "category"],
      [{ category: clothes.id }, "name"],
    ] as const) {
      const refused = await call("POST", "category/subcategory/", { token: admin.key, form: form(fields) });
      expect(refused.status, JSON.stringify(fields)).toBe(400);
      expect(refused.body[field], JSON.stringify(refused.body)).toHaveLength(1);
    }
    const unknownParent = await call("POST", "category/subcategory/", {
      token: admin.key,
      form: form({ category: 999999, name: "Orphans" }),
    });
    expect(unknownParent.status).toBe(404);

    const edited = await call("PUT", `category/subcategory/${dresses.id}/`, {
      token: admin.key,
      form: form({ category: clothes.id, name: "Gowns", image: await aPhoto() }),
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.data).toMatchObject({ id: dresses.id, name: "Gowns", category: clothes.id });
    expect(existsSync(mediaFile(dresses.image_url))).toBe(false);
    expect((await all()).find((s) => s.subcategory_id === dresses.id)?.subcategory_name).toBe("Gowns");
    const clash = await call("PUT", `category/subcategory/${dresses.id}/`, {
      token: admin.key,
      form: form({ category: shoes.id, name: "dresses" }),
    });
    expect(clash.status).toBe(409); // Shoes has its own 'Dresses'
    expect(clash.body.detail).toBe("sub category already exists");
  });

  it("moves a sub category with its products to another category", async () => {
    const from = await aCategory(server.db);
    const to = await aCategory(server.db);
    const sub = await aSubCategory(server.db, { category_id: from.id, name: "Movers" });
    const product = await aProduct(server.db, { category_id: from.id, sub_category_id: sub.id });
    const moved = await call("PUT", `category/subcategory/${sub.id}/`, {
      token: admin.key,
      form: form({ category: to.id }),
    });
    expect(moved.status).toBe(200);
    expect(moved.body.data).toMatchObject({ name: "Movers", category: to.id });
    const shown = await call("GET", `product/${product.id}/`);
    expect(shown.body.data).toMatchObject({ category_id: to.id, sub_category_id: sub.id });
  });

  it("refuses to delete a category or sub category that holds products, saying how many", async () => {
    const category = await aCategory(server.db, { name: "Furniture" });
    const chairs = await aSubCategory(server.db, { category_id: category.id, name: "Chairs" });
    const empty = await aSubCategory(server.db, { category_id: category.id, name: "Empty shelf" });
    const shop = await aShop(server.db);
    const products = [];
    for (let i = 0; i < 3; i++)
      products.push(
        await aProduct(server.db, { shop_id: shop.id, category_id: category.id, sub_category_id: chairs.id }),
      );

    // One sold out, one hidden by moderation: the public listing shows one, a delete meets three.
    await server.db.updateTable("products").set({ in_stock: 0 }).where("id", "=", products[0]!.id).execute();
    await server.db.updateTable("products").set({ hidden: true }).where("id", "=", products[1]!.id).execute();
    expect((await call("GET", `product/sub-category/${chairs.id}/`)).body.count).toBe(1);
    const count = (path: string) => call("GET", path, { token: admin.key });
    expect((await count(`category/${category.id}/product-count/`)).body).toEqual({ products: 3 });
    expect((await count(`category/subcategory/${chairs.id}/product-count/`)).body).toEqual({ products: 3 });
    expect((await count(`category/subcategory/${empty.id}/product-count/`)).body).toEqual({ products: 0 });
    expect((await count("category/999999/product-count/")).status).toBe(404);
    expect((await count("category/subcategory/999999/product-count/")).body.code).toBe(
      "sub_category_not_found",
    );

    const refused = await call("DELETE", `category/${category.id}/delete`, { token: admin.key });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      detail: "This category still holds 3 products; move or delete them first",
      code: "category_in_use",
    });
    const subRefused = await call("DELETE", `category/subcategory/${chairs.id}/`, { token: admin.key });
    expect(subRefused.status).toBe(409);
    expect(subRefused.body.detail).toBe(
      "This sub category still holds 3 products; move or delete them first",
    );
    expect(await categoryNames()).toContain("Furniture");

    const subs = async () =>
      (await call("GET", `category/subcategory/${category.id}/`)).body.sub_categories.map(
        (s: SubCategoryListingWire) => s.subcategory_name,
      );
    expect(await subs()).toEqual(["Chairs", "Empty shelf"]);
    expect((await call("DELETE", `category/subcategory/${empty.id}/`, { token: admin.key })).status).toBe(
      204,
    );
    expect(await subs()).toEqual(["Chairs"]);
    expect((await call("DELETE", `category/subcategory/${empty.id}/`, { token: admin.key })).status).toBe(
      404,
    );

    await server.db.deleteFrom("products").where("shop_id", "=", shop.id).execute();
    const deleted = await call("DELETE", `category/${category.id}/delete`, { token: admin.key });
    expect(deleted.status).toBe(204);
    expect(await categoryNames()).not.toContain("Furniture");
    expect((await call("GET", `category/subcategory/${category.id}/`)).status).toBe(404);
  });

  it("keeps filters and their values: create, list, rename, delete; names unique within their parent", async () => {
    const sub = await aSubCategory(server.db, { name: "Laptops" });
    const filtersOf = async () => (await call("GET", `category/filter/${sub.id}`)).body.filters;
    expect(await filtersOf()).toEqual([]);

    const created = await call("POST", "category/filter/", {
      token: admin.key,
      json: { name: "Brand", subcategory: sub.id },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const brand = created.body.data;
    expect(brand).toMatchObject({ filter_name: "Brand", sub_category: sub.id, values: [] });
    expect((await filtersOf()).map((f: { filter_name: string }) => f.filter_name)).toEqual(["Brand"]);

    const twice = await call("POST", "category/filter/", {
      token: admin.key,
      json: { name: "bRAND", subcategory: String(sub.id) },
    });
    expect(twice.status).toBe(409);
    expect(twice.body).toEqual({ detail: "filter name already exists", code: "filter_exists" });
    expect(
      (
        await call("POST", "category/filter/", {
          token: admin.key,
          json: { name: "Brand", subcategory: 999999 },
        })
      ).status,
    ).toBe(404);
    const noSub = await call("POST", "category/filter/", { token: admin.key, json: { name: "RAM" } });
    expect(noSub.status).toBe(400);
    expect(noSub.body.subcategory).toEqual(["Choose a sub category"]);

    // A value needs the filter's numeric id.
    for (const filter of ["Brand", "", null, 1.5, -1]) {
      const refused = await call("POST", "category/filtervalue/", {
        token: admin.key,
        json: { filter, name: "Dell" },
      });
      expect(refused.status, String(filter)).toBe(400);
      expect(refused.body.filter).toEqual(["Choose a filter (its numeric id)"]);
    }
    const dell = await call("POST", "category/filtervalue/", {
      token: admin.key,
      json: { filter: String(brand.filter_id), name: "Dell" },
    });
    expect(dell.status).toBe(201);
    expect(dell.body.data).toMatchObject({ filter: brand.filter_id, name: "Dell" });
    const hp = await call("POST", "category/filtervalue/", {
      token: admin.key,
      json: { filter: brand.filter_id, name: "HP" },
    });
    const dup = await call("POST", "category/filtervalue/", {
      token: admin.key,
      json: { filter: brand.filter_id, name: "dell" },
    });
    expect(dup.status).toBe(409);
    expect(dup.body.detail).toBe("filter value already exists");
    expect(
      (await call("POST", "category/filtervalue/", { token: admin.key, json: { filter: 999999, name: "X" } }))
        .status,
    ).toBe(404);

    const values = async () => (await call("GET", `category/filtervalue/${brand.filter_id}`)).body.values;
    expect(await values()).toEqual([dell.body.data, hp.body.data]);
    expect((await filtersOf())[0].values.map((v: { name: string }) => v.name)).toEqual(["Dell", "HP"]);
    expect((await call("GET", "category/filtervalue/999999")).status).toBe(404);
    expect((await call("GET", "category/filtervalue/abc")).status).toBe(400);

    const renamedValue = await call("PATCH", `category/filtervalue/${hp.body.data.id}/`, {
      token: admin.key,
      json: { name: "Hewlett-Packard" },
    });
    expect(renamedValue.body.data).toEqual({
      id: hp.body.data.id,
      filter: brand.filter_id,
      name: "Hewlett-Packard",
    });
    expect(
      (
        await call("PATCH", `category/filtervalue/${hp.body.data.id}/`, {
          token: admin.key,
          json: { name: "DELL" },
        })
      ).status,
    ).toBe(409);
    expect((await values()).map((v: { name: string }) => v.name)).toEqual(["Dell", "Hewlett-Packard"]);

    const ram = await call("POST", "category/filter/", {
      token: admin.key,
      json: { name: "RAM", subcategory: sub.id },
    });
    const renamed = await call("PATCH", `category/filter/${brand.filter_id}/`, {
      token: admin.key,
      json: { name: "Make" },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data).toMatchObject({ filter_id: brand.filter_id, filter_name: "Make" });
    expect(renamed.body.data.values).toHaveLength(2);
    expect(
      (
        await call("PATCH", `category/filter/${brand.filter_id}/`, {
          token: admin.key,
          json: { name: "ram" },
        })
      ).status,
    ).toBe(409);
    expect(
      (await call("PATCH", `category/filter/${brand.filter_id}/`, { token: admin.key, json: { name: "" } }))
        .status,
    ).toBe(400);

    expect(
      (await call("DELETE", `category/filtervalue/${dell.body.data.id}/`, { token: admin.key })).status,
    ).toBe(204);
    expect((await values()).map((v: { name: string }) => v.name)).toEqual(["Hewlett-Packard"]);
    expect(
      (await call("DELETE", `category/filtervalue/${dell.body.data.id}/`, { token: admin.key })).status,
    ).toBe(404);
    expect((await call("DELETE", `category/filter/${brand.filter_id}/`, { token: admin.key })).status).toBe(
      204,
    );
    expect((await filtersOf()).map((f: { filter_name: string }) => f.filter_name)).toEqual(["RAM"]);
    expect(ram.status).toBe(201);
    expect((await call("GET", `category/filtervalue/${brand.filter_id}`)).status).toBe(404);
    expect((await call("DELETE", `category/filter/${brand.filter_id}/`, { token: admin.key })).status).toBe(
      404,
    );
  });
});
