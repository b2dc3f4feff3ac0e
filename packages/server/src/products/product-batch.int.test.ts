import { randomUUID } from "node:crypto";
import type { ProductWire } from "@katale/adapters-http/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { aSignedInUser } from "../testing/auth-helpers.js";
import { aCategory, aFollow, aShop, aSubCategory } from "../testing/fixtures.js";
import { databaseKinds, startTestServer, type TestServer } from "../testing/test-server.js";
import { aPhoto, form, sellerCaller } from "./seller-test-client.js";

// POST product/batch/ (the command line's import): the owner of the shop only, each item checked as
// POST product/ checks it and answered on its own, pictures named by the paths the shop's products
// show, every side effect of a single create (followers told, lists and browse up to date) for
// each product, and a retry under the same Idempotency-Key creating nothing twice.

type Signed = Awaited<ReturnType<typeof aSignedInUser>>;

describe.each(databaseKinds())("product batch (%s)", (kind) => {
  let server: TestServer;
  const call = sellerCaller(() => server);
  let owner: Signed;
  let stranger: Signed;
  let admin: Signed;
  let follower: Signed;
  let shopId: number;
  let strangerShopId: number;
  let categoryId: number;
  let subCategoryId: number;
  let otherSubCategoryId: number;
  /** A picture the owner's shop shows, and one of the stranger's shop. */
  let picture: string;
  let strangerPicture: string;

  const createOne = async (token: string, shop: number, name: string, sku: string) => {
    const created = await call("POST", "product/", {
      token,
      form: form({
        product_name: name,
        description: "A phone",
        price: "100000",
        in_stock: "3",
        category_id: String(categoryId),
        sub_category_id: String(subCategoryId),
        shop_id: String(shop),
        sku,
        number_of_images: "1",
        image_1: await aPhoto(),
      }),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body.data as ProductWire;
  };

  beforeAll(async () => {
    server = await startTestServer({ database: kind, seed: "none" });
    [owner, stranger, admin, follower] = await Promise.all([
      aSignedInUser(server),
      aSignedInUser(server),
      aSignedInUser(server, { role: "admin" }),
      aSignedInUser(server),
    ]);
    shopId = (await aShop(server.db, { owner_id: owner.id, name: "Batch Phones" })).id;
    strangerShopId = (await aShop(server.db, { owner_id: stranger.id, name: "Other Phones" })).id;
    categoryId = (await aCategory(server.db, { name: "Electronics" })).id;
    subCategoryId = (await aSubCategory(server.db, { category_id: categoryId, name: "Phones" })).id;
    const other = await aCategory(server.db, { name: "Food" });
    otherSubCategoryId = (await aSubCategory(server.db, { category_id: other.id, name: "Fruit" })).id;
    picture = (await createOne(owner.key, shopId, "Tecno Spark 20", "TS-20")).images[0]!;
    strangerPicture = (await createOne(stranger.key, strangerShopId, "Itel A70", "IA-70")).images[0]!;
    await aFollow(server.db, { user_id: follower.id, shop_id: shopId });
  });
  afterAll(() => server?.close());

  const item = (fields: Record<string, unknown> = {}) => ({
    product_name: "Infinix Hot 40",
    description: "6.8 inch screen, 256 GB",
    price: 650_000,
    in_stock: 5,
    category_id: categoryId,
    sub_category_id: subCategoryId,
    images: [picture],
    ...fields,
  });
  const batch = (token: string | undefined, products: unknown[], shop = shopId, key?: string) =>
    fetch(`${server.shopUrl}product/batch/`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        ...(token ? { authorization: `Token ${token}` } : {}),
        ...(key ? { "idempotency-key": key } : {}),
      },
      body: JSON.stringify({ shop_id: shop, products }),
    }).then(async (response) => ({
      status: response.status,
      replayed: response.headers.get("idempotency-replayed"),
      // biome-ignore lint/suspicious/noExplicitAny: test answers are read field by field
      body: (await response.json()) as any,
    }));
  const productCount = async () =>
    Number(
      (
        await server.db
          .selectFrom("products")
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it("is the shop owner's: a visitor 401, another user and an admin 403, an unknown shop 404", async () => {
    const before = await productCount();
    expect((await batch(undefined, [item()])).status).toBe(401);
    const strangers = await batch(stranger.key, [item()]);
    expect(strangers.status).toBe(403);
    expect(strangers.body).toMatchObject({ code: "forbidden", detail: "You are not the owner of this shop" });
    expect((await batch(admin.key, [item()])).status).toBe(403);
    expect((await batch(owner.key, [item()], 999_999)).body.code).toBe("shop_not_found");
    expect((await batch(owner.key, [])).status).toBe(400);
    expect(await productCount()).toBe(before);
  });

  it("adds the good items and answers each refused one as POST product/ would", async () => {
    const answer = await batch(owner.key, [
      item({ product_name: "Infinix Hot 40", sku: "IH-40" }),
      item({ price: 0 }),
      item({ product_name: " " }),
      item({ sku: "TS-20" }),
      item({ sub_category_id: otherSubCategoryId }),
      item({ images: ["/media/products/nosuchpicture.webp"] }),
      item({ images: [strangerPicture] }),
      item({ images: [] }),
      item({ product_name: "Infinix Hot 40", sku: "IH-41", images: [picture, picture] }),
      item({ sku: "IH-40" }),
    ]);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const [made, price, name, sku, sub, unknown, foreign, none, second, repeated] = answer.body.data;
    expect(made.product).toMatchObject({
      product_name: "Infinix Hot 40",
      sku: "IH-40",
      shop_id: shopId,
      images: [picture],
    });
    expect(price).toEqual({
      status: 400,
      error: { price: ["Enter the price in whole shillings, above 0"], code: "invalid_input" },
    });
    expect(name.error).toEqual({ product_name: ["Enter the product's name"], code: "invalid_input" });
    expect(sku).toEqual({
      status: 409,
      error: { sku: ["Another product of this shop has this SKU"], code: "sku_taken" },
    });
    expect(sub.error).toEqual({
      sub_category_id: ["The sub category is not in the chosen category"],
      code: "invalid_input",
    });
    for (const refused of [unknown, foreign])
      expect(refused.error).toEqual({
        images: ["images names a picture that no product of this shop shows"],
        code: "invalid_input",
      });
    expect(none.error.code).toBe("invalid_input");
    expect(second.product.images).toEqual([picture, picture]);
    // Two products of one name: each its own slug.
    expect(second.product.slug).not.toBe(made.product.slug);
    expect(repeated.status).toBe(409);

    // Each one is a product as any other: its page, the shop's list with its pictures' hashes, browse.
    const page = await call("GET", `product/${made.product.product_id}/`);
    expect(page.body.data).toMatchObject({ sku: "IH-40", images: [picture] });
    const owned = await call("GET", `product/shop/${shopId}/paginated/?page_size=100`, { token: owner.key });
    const first = owned.body.results.find((p: ProductWire) => p.sku === "TS-20");
    const added = owned.body.results.find((p: ProductWire) => p.sku === "IH-40");
    expect(added.image_hashes).toEqual(first.image_hashes);
    expect(added.image_hashes[0].uploaded_sha256).toMatch(/^[0-9a-f]{64}$/);
    const browsed = await call("GET", `product/browse/?q=${encodeURIComponent("Infinix")}`);
    expect(browsed.body.results.map((p: ProductWire) => p.sku).sort()).toEqual(["IH-40", "IH-41"]);

    // The followers hear of the new products; the owner does not.
    await expect
      .poll(async () => {
        const inbox = await call("GET", "notifications/", { token: follower.key });
        return inbox.body.results.map((n: { kind: string }) => n.kind);
      })
      .toContain("new_product_from_followed_shop");
    const owners = await call("GET", "notifications/", { token: owner.key });
    expect(owners.body.results.map((n: { kind: string }) => n.kind)).not.toContain(
      "new_product_from_followed_shop",
    );
  });

  it("keeps a picture shared by products until the last one showing it goes", async () => {
    const answer = await batch(owner.key, [item({ product_name: "Shared picture", sku: "SP-1" })]);
    const id = answer.body.data[0].product.product_id;
    expect((await call("DELETE", `product/${id}/`, { token: owner.key })).status).toBe(204);
    const served = await fetch(new URL(picture, server.shopUrl));
    expect(served.status).toBe(200);
  });

  it("answers a retry under the same Idempotency-Key with the first answer, creating nothing twice", async () => {
    const key = randomUUID();
    const products = [item({ product_name: "Nokia 105", sku: "NK-105" }), item({ price: -1 })];
    const first = await batch(owner.key, products, shopId, key);
    expect(first.status).toBe(200);
    const count = await productCount();
    const again = await batch(owner.key, products, shopId, key);
    expect(again.status).toBe(200);
    expect(again.replayed).toBe("true");
    expect(again.body).toEqual(first.body);
    expect(await productCount()).toBe(count);
    // The key of another request is refused.
    expect((await batch(owner.key, [item({ sku: "NK-106" })], shopId, key)).status).toBe(422);
  });
});
