import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { aPhoto, filesIn, form } from "../products/seller-test-client.js";
import { aSignedInUser } from "../testing/auth-helpers.js";
import { aCategory, aProduct, aShop, aSubCategory } from "../testing/fixtures.js";
import { databaseKinds, startTestServer, type TestServer } from "../testing/test-server.js";
import { requestFingerprint } from "./idempotency.js";

// The Idempotency-Key header on the creating calls: a repeat of a key answers the first answer and
// creates nothing, another request under a used key is refused, and a repeat while the first is
// still worked on is told to wait. The keys live in the database, so another instance agrees.

type Signed = Awaited<ReturnType<typeof aSignedInUser>>;

describe.each(databaseKinds())("Idempotency-Key on creates (%s)", (kind) => {
  let server: TestServer;
  let owner: Signed;
  let shopId: number;
  let categoryId: number;
  let subCategoryId: number;

  beforeAll(async () => {
    server = await startTestServer({ database: kind, seed: "none" });
    owner = await aSignedInUser(server);
    shopId = (await aShop(server.db, { owner_id: owner.id, name: "Nakasero Phones" })).id;
    categoryId = (await aCategory(server.db, { name: "Electronics" })).id;
    subCategoryId = (await aSubCategory(server.db, { category_id: categoryId, name: "Phones" })).id;
  });
  afterAll(() => server?.close());

  const count = async (table: "products" | "feedback" | "ratings") =>
    Number(
      (
        await server.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );

  async function post(path: string, init: { key?: string; token?: string; body: FormData | object }) {
    const headers: Record<string, string> = {};
    if (init.key !== undefined) headers["idempotency-key"] = init.key;
    if (init.token) headers.authorization = `Token ${init.token}`;
    const isForm = init.body instanceof FormData;
    if (!isForm) headers["content-type"] = "application/json";
    const response = await fetch(`${server.shopUrl}${path}`, {
      method: "POST",
      headers,
      body: isForm ? (init.body as FormData) : JSON.stringify(init.body),
    });
    return { status: response.status, text: await response.text(), headers: response.headers };
  }

  async function productForm(name: string, photos: Buffer[]) {
    const fields: Record<string, string | Buffer> = {
      product_name: name,
      description: "6.6 inch screen, 128 GB, two SIM slots",
      price: "480000",
      in_stock: "4",
      category_id: String(categoryId),
      sub_category_id: String(subCategoryId),
      shop_id: String(shopId),
      number_of_images: String(photos.length),
    };
    photos.forEach((photo, index) => {
      fields[`image_${index + 1}`] = photo;
    });
    return form(fields);
  }

  it("answers a repeated product upload with the first answer and creates one product", async () => {
    const photos = [await aPhoto(320, 200), await aPhoto(330, 210)];
    const key = `"${randomUUID()}"`;
    const before = await count("products");

    const first = await post("product/", {
      key,
      token: owner.key,
      body: await productForm("Tecno Spark", photos),
    });
    const filesAfterFirst = await filesIn(server, "products");
    const again = await post("product/", {
      key,
      token: owner.key,
      body: await productForm("Tecno Spark", photos),
    });

    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.text).toBe(first.text);
    expect(again.headers.get("idempotency-replayed")).toBe("true");
    expect(await count("products")).toBe(before + 1);
    // The repeat's pictures were never stored.
    expect(await filesIn(server, "products")).toEqual(filesAfterFirst);
  });

  it("refuses the same key with another body (422) and creates nothing more", async () => {
    const key = randomUUID();
    const first = await post("product/", {
      key,
      token: owner.key,
      body: await productForm("Infinix Hot", [await aPhoto()]),
    });
    expect(first.status).toBe(201);
    const before = await count("products");

    const other = await post("product/", {
      key,
      token: owner.key,
      body: await productForm("Infinix Hot 40", [await aPhoto()]),
    });

    expect(other.status).toBe(422);
    expect(JSON.parse(other.text)).toMatchObject({ code: "idempotency_key_reused" });
    expect(await count("products")).toBe(before);
  });

  it("keeps keys per user: another user's request under the same key is their own", async () => {
    const key = randomUUID();
    const someone = await aSignedInUser(server);
    const product = await aProduct(server.db, { shop_id: shopId });
    const mine = await post("product/rating/", {
      key,
      token: owner.key,
      body: { product_id: product.id, rating: 8 },
    });
    const theirs = await post("product/rating/", {
      key,
      token: someone.key,
      body: { product_id: product.id, rating: 8 },
    });
    expect(mine.status).toBeLessThan(300);
    expect(theirs.status).toBeLessThan(300);
    expect(theirs.headers.get("idempotency-replayed")).toBeNull();
  });

  it("answers 409 while the first request with the key is still worked on", async () => {
    const key = randomUUID();
    const body = { name: "Aisha", email: "aisha@example.ug", message: "Great market", stars: 8 };
    const url = "/api/shop/faqs/feedback/";
    const fingerprint = await requestFingerprint({ method: "POST", url, body } as never);
    // The first request's claim, as an instance working on it leaves it.
    await server.db
      .insertInto("idempotency_keys")
      .values({ user_id: 0, key, request_hash: fingerprint, status: null, body: null })
      .execute();
    const before = await count("feedback");

    const repeat = await post("faqs/feedback/", { key, body });

    expect(repeat.status).toBe(409);
    expect(JSON.parse(repeat.text)).toMatchObject({ code: "idempotency_key_in_use" });
    expect(repeat.headers.get("retry-after")).not.toBeNull();
    expect(await count("feedback")).toBe(before);
  });

  it("replays a visitor's feedback on another instance of the same database", async () => {
    const key = randomUUID();
    const body = { name: "Okello", email: "okello@example.ug", message: "Quick delivery", stars: 10 };
    const first = await post("faqs/feedback/", { key, body });
    const other = await server.anotherInstance();
    try {
      const again = await other.inject({
        method: "POST",
        url: "/api/shop/faqs/feedback/",
        headers: { "idempotency-key": key, "content-type": "application/json" },
        payload: JSON.stringify(body),
      });
      expect(first.status).toBe(201);
      expect(again.statusCode).toBe(201);
      expect(again.body).toBe(first.text);
    } finally {
      await other.close();
    }
    const rows = await server.db
      .selectFrom("feedback")
      .select("id")
      .where("message", "=", "Quick delivery")
      .execute();
    expect(rows).toHaveLength(1);
  });

  it("refuses a key that is not 1 to 255 visible characters", async () => {
    const answer = await post("faqs/feedback/", {
      key: "x".repeat(300),
      body: { name: "A", email: "a@example.ug", message: "Hi", stars: 6 },
    });
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.text)).toMatchObject({ code: "invalid_input" });
  });

  it("documents the header on the creating calls in /api/docs", async () => {
    // biome-ignore lint/suspicious/noExplicitAny: the OpenAPI document is read field by field
    const docs: any = await (await fetch(`${server.baseUrl}/api/docs/json`)).json();
    const operation = docs.paths["/api/shop/product/"].post;
    const header = operation.parameters.find(
      (p: { in: string; name: string }) => p.in === "header" && p.name === "Idempotency-Key",
    );
    expect(header).toBeDefined();
    expect(operation.responses["422"]).toBeDefined();
    const photo = docs.paths["/api/shop/chat/room/{slug}/photo/"].post;
    expect(photo.parameters.some((p: { name: string }) => p.name === "Idempotency-Key")).toBe(true);
  });
});
