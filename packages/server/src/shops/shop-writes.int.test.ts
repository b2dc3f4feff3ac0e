import { existsSync } from "node:fs";
import { join } from "node:path";
import type { ShopWire } from "@katale/adapters-http/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { aPhoto, filesIn, form, sellerCaller } from "../products/seller-test-client.js";
import { aSignedInUser } from "../testing/auth-helpers.js";
import { aCategory } from "../testing/fixtures.js";
import { databaseKinds, startTestServer, type TestServer } from "../testing/test-server.js";

// POST shop/, PATCH shop/{id}/, the owner's shops (shop/getshopsunderauser/{token}/ and shop/mine/)
// and POST verification/shop/ (spec §7, issue 9).

type Signed = Awaited<ReturnType<typeof aSignedInUser>>;

describe.each(databaseKinds())("shop writes (%s)", (kind) => {
  let server: TestServer;
  const call = sellerCaller(() => server);
  let owner: Signed;
  let stranger: Signed;
  let admin: Signed;
  let categories: number[];

  beforeAll(async () => {
    server = await startTestServer({ database: kind, seed: "none" });
    [owner, stranger, admin] = await Promise.all([
      aSignedInUser(server),
      aSignedInUser(server),
      aSignedInUser(server, { role: "admin" }),
    ]);
    categories = [];
    for (const name of ["Electronics", "Fashion", "Food", "Services"])
      categories.push((await aCategory(server.db, { name })).id);
  });
  afterAll(() => server?.close());

  const mediaPath = (path: string) => join(server.media.publicDir, path.replace(/^\/media\//, ""));
  const shopCount = async () => (await server.db.selectFrom("shops").select("id").execute()).length;
  const aShopBody = (fields: Record<string, unknown> = {}) => ({
    name: "Kikuubo Phone Hub",
    category: categories.slice(0, 2),
    location_latitude: 0.3136,
    location_longitude: 32.5811,
    ...fields,
  });

  async function createShop(fields: Record<string, unknown> = {}, token = owner.key): Promise<ShopWire> {
    const created = await call("POST", "shop/", { token, json: aShopBody(fields) });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body.data;
  }

  it("opens a shop from JSON, listed at once and among the owner's shops by header or path token", async () => {
    expect((await call("GET", "shop/")).body.data).toEqual([]);
    const created = await call("POST", "shop/", {
      token: owner.key,
      json: aShopBody({ email: "hub@example.ug", phone: "0772123456", bio: "Phones and repairs" }),
    });
    expect(created.status).toBe(201);
    const shop: ShopWire = created.body.data;
    expect(shop).toMatchObject({
      name: "Kikuubo Phone Hub",
      owner: owner.id,
      category: categories.slice(0, 2),
      email: "hub@example.ug",
      phone: "0772123456",
      bio: "Phones and repairs",
      location_latitude: 0.3136,
      location_longitude: 32.5811,
      verification_status: "UNVERIFIED",
      display_image: null,
    });
    expect(typeof shop.id).toBe("number");
    expect((await call("GET", "shop/")).body.data.map((s: ShopWire) => s.id)).toEqual([shop.id]);

    const mine = await call("GET", "shop/mine/", { token: owner.key });
    expect(mine.status).toBe(200);
    expect(mine.headers.get("cache-control")).toBe("private, no-store");
    expect(mine.body.data.map((s: ShopWire) => s.id)).toEqual([shop.id]);
    const byPath = await call("GET", `shop/getshopsunderauser/${owner.key}/`);
    expect(byPath.status).toBe(200);
    expect(byPath.body.data.map((s: ShopWire) => s.id)).toEqual([shop.id]);
    expect((await call("GET", `shop/getshopsunderauser/${stranger.key}/`)).body.data).toEqual([]);
    expect((await call("GET", "shop/getshopsunderauser/not-a-token/")).status).toBe(401);
    expect((await call("GET", "shop/mine/")).status).toBe(401);
  });

  it("documents shop/mine/ and the seller's calls in /api/docs", async () => {
    const doc = (await (await fetch(`${server.baseUrl}/api/docs/json`)).json()) as {
      paths: Record<string, Record<string, { summary?: string }>>;
    };
    expect(doc.paths["/api/shop/shop/mine/"]?.get?.summary).toMatch(/Authorization header/);
    expect(Object.keys(doc.paths["/api/shop/product/{id}/"] ?? {})).toEqual(
      expect.arrayContaining(["get", "patch", "delete"]),
    );
    expect(doc.paths["/api/shop/verification/shop/"]?.post).toBeDefined();
  });

  it("opens a shop from a multipart form with a profile image and a cover, category as a list", async () => {
    const created = await call("POST", "shop/", {
      token: owner.key,
      form: form({
        name: "Gulu Crafts",
        category: `${categories[2]},${categories[0]}`,
        location_latitude: "2.7724",
        location_longitude: "32.2881",
        profile_image: await aPhoto(200, 200),
        cover_image: await aPhoto(900, 300),
      }),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const shop: ShopWire = created.body.data;
    expect(shop.category).toEqual([categories[2], categories[0]]);
    expect(shop.display_image).toMatch(/^\/media\/shops\/[a-z0-9]+\.webp$/);
    expect(shop.cover_image).toMatch(/^\/media\/shops\/[a-z0-9]+\.webp$/);
    expect(existsSync(mediaPath(shop.display_image!))).toBe(true);
    expect(existsSync(mediaPath(shop.cover_image!))).toBe(true);
  });

  it("keeps shop names unique whatever their case", async () => {
    await createShop({ name: "Jinja Fashions" });
    const again = await call("POST", "shop/", {
      token: stranger.key,
      json: aShopBody({ name: "  jinja FASHIONS " }),
    });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ name: ["A shop with this name already exists"], code: "shop_name_taken" });
  });

  it("refuses a visitor and bad input field by field, opening nothing", async () => {
    const before = await shopCount();
    const filesBefore = await filesIn(server, "shops");
    expect((await call("POST", "shop/", { json: aShopBody({ name: "Visitor shop" }) })).status).toBe(401);
    const refused = async (fields: Record<string, unknown>) => {
      const answer = await call("POST", "shop/", {
        token: owner.key,
        json: aShopBody({ name: "Bad", ...fields }),
      });
      expect(answer.status, JSON.stringify(fields)).toBe(400);
      expect(answer.body.code).toBe("invalid_input");
      return answer.body;
    };
    expect((await refused({ name: "" })).name).toEqual(["Enter the shop's name"]);
    expect((await refused({ name: undefined })).name).toEqual(["Enter the shop's name"]);
    expect((await refused({ location_latitude: undefined })).location_latitude).toEqual([
      "Choose the shop's location",
    ]);
    expect((await refused({ location_latitude: "" })).location_latitude).toEqual([
      "Choose the shop's location",
    ]);
    expect((await refused({ location_latitude: 91 })).location_latitude).toEqual([
      "The latitude must be a number from -90 to 90",
    ]);
    expect((await refused({ location_longitude: "east" })).location_longitude).toBeDefined();
    expect((await refused({ category: [] })).category).toEqual(["Choose 1 to 3 categories"]);
    expect((await refused({ category: categories })).category).toEqual(["Choose 1 to 3 categories"]);
    expect((await refused({ category: [99999999] })).category).toEqual(["Category not found"]);
    expect((await refused({ email: "not-an-email" })).email).toEqual(["Enter a valid email address"]);
    expect((await refused({ phone: "07721234567" })).phone).toEqual([
      "A phone number has at most 10 characters",
    ]);
    const notAnImage = await call("POST", "shop/", {
      token: owner.key,
      form: form({
        name: "Broken image shop",
        category: String(categories[0]),
        location_latitude: "0.3",
        location_longitude: "32.5",
        cover_image: await aPhoto(),
        profile_image: { bytes: Buffer.from("<svg/>"), type: "image/svg+xml" },
      }),
    });
    expect(notAnImage.status).toBe(400);
    expect(notAnImage.body.profile_image).toBeDefined();
    expect(await shopCount()).toBe(before);
    expect(await filesIn(server, "shops")).toEqual(filesBefore);
  });

  it("lets only the owner edit the details; fields not sent stay; a new image replaces the old", async () => {
    const shop = await createShop({ name: "Mbarara Foods", email: "old@example.ug", bio: "Old bio" });
    // Cached before the edit.
    expect((await call("GET", `shop/${shop.id}/`)).body.data.bio).toBe("Old bio");
    const patch = (token: string | undefined, fields: Parameters<typeof form>[0]) =>
      call("PATCH", `shop/${shop.id}/`, { ...(token ? { token } : {}), form: form(fields) });

    expect((await patch(undefined, { bio: "x" })).status).toBe(401);
    expect((await patch(stranger.key, { bio: "x" })).status).toBe(403);
    expect((await patch(admin.key, { bio: "x" })).status).toBe(403);
    expect(
      (await call("PATCH", "shop/99999999/", { token: owner.key, form: form({ bio: "x" }) })).status,
    ).toBe(404);
    expect((await patch(owner.key, { email: "nope" })).body.email).toEqual(["Enter a valid email address"]);
    expect((await patch(owner.key, { phone: "12345678901" })).status).toBe(400);
    expect(
      (await patch(owner.key, { display_image: { bytes: Buffer.from("GIF89a-broken"), type: "image/gif" } }))
        .status,
    ).toBe(400);

    const first = await patch(owner.key, {
      bio: "Fresh matooke daily",
      display_image: await aPhoto(120, 120),
    });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ bio: "Fresh matooke daily", email: "old@example.ug" });
    const oldImage: string = first.body.data.display_image;
    expect(existsSync(mediaPath(oldImage))).toBe(true);
    expect((await call("GET", `shop/${shop.id}/`)).body.data.bio).toBe("Fresh matooke daily");

    const second = await call("PATCH", `shop/${shop.id}/`, {
      token: owner.key,
      json: { phone: "0700000001", email: "" },
    });
    expect(second.status).toBe(200);
    expect(second.body.data).toMatchObject({ phone: "0700000001", email: null, display_image: oldImage });

    const third = await patch(owner.key, { display_image: await aPhoto(130, 130) });
    expect(third.body.data.display_image).not.toBe(oldImage);
    expect(existsSync(mediaPath(oldImage))).toBe(false);
  });

  describe("verification/shop/", () => {
    let shop: ShopWire;
    beforeAll(async () => {
      shop = await createShop({ name: "Verified-to-be Hardware" });
    });
    const ask = async (token: string | undefined, fields: Parameters<typeof form>[0] = {}) =>
      call("POST", "verification/shop/", {
        ...(token ? { token } : {}),
        form: form({
          contact: "0772000111",
          shop: String(shop.id),
          location_latitude: "0.31",
          location_longitude: "32.58",
          shop_image: await aPhoto(640, 480),
          ...fields,
        }),
      });

    it("holds the permission matrix and refuses bad input", async () => {
      expect((await ask(undefined)).status).toBe(401);
      expect((await ask(stranger.key)).status).toBe(403);
      expect((await ask(admin.key)).status).toBe(403);
      expect((await ask(owner.key, { shop: "99999999" })).status).toBe(404);
      expect((await ask(owner.key, { contact: undefined })).body.contact).toEqual([
        "Enter a contact (phone or email)",
      ]);
      expect((await ask(owner.key, { shop_image: undefined })).body.shop_image).toEqual([
        "Add a photo of the shop",
      ]);
      const notAnImage = await ask(owner.key, {
        shop_image: { bytes: Buffer.from("hello"), type: "image/jpeg" },
      });
      expect(notAnImage.status).toBe(400);
      expect(notAnImage.body.shop_image[0]).toMatch(/not an image/);
      expect((await ask(owner.key, { location_latitude: "200" })).status).toBe(400);
      expect(await filesIn(server, "shop-photos", "private")).toEqual([]);
      expect((await call("GET", `shop/${shop.id}/`)).body.data.verification_status).toBe("UNVERIFIED");
    });

    it("takes one request per shop and keeps the photo private", async () => {
      const sent = await ask(owner.key);
      expect(sent.status).toBe(201);
      expect(sent.body).toEqual({ detail: "Successfully sent verification request" });
      const photos = await filesIn(server, "shop-photos", "private");
      expect(photos).toHaveLength(1);
      const row = await server.db
        .selectFrom("shop_verification_requests")
        .selectAll()
        .where("shop_id", "=", shop.id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ contact: "0772000111", status: "PENDING", requested_by: owner.id });
      expect(row.shop_image).toBe(`shop-photos/${photos[0]}`);
      // Not under the public media folder, and not served.
      expect(await filesIn(server, "shop-photos")).toEqual([]);
      expect((await fetch(`${server.baseUrl}/media/${row.shop_image}`)).status).toBe(404);
      expect((await call("GET", `shop/${shop.id}/`)).body.data.verification_status).toBe("PENDING");

      const again = await ask(owner.key);
      expect(again.status).toBe(409);
      expect(again.body).toEqual({
        detail: "Shop already has a verification request",
        code: "verification_pending",
      });
      expect(await filesIn(server, "shop-photos", "private")).toHaveLength(1);
    });
  });
});
