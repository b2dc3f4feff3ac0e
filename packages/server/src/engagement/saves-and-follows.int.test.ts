import type { ProductWire, SavedProductWire } from "@katale/adapters-http/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { aSignedInUser } from "../testing/auth-helpers.js";
import { aProduct, aShop } from "../testing/fixtures.js";
import { databaseKinds, startTestServer, type TestServer } from "../testing/test-server.js";
import { shopCaller } from "./engagement-test-client.js";

// Saved products and follows (spec §7): identity from the token only, one record however often,
// 401 for visitors, 403 on someone else's record, 404 for unknown products, shops and records.

type Signed = Awaited<ReturnType<typeof aSignedInUser>>;

describe.each(databaseKinds())("saved products and follows (%s)", (kind) => {
  let server: TestServer;
  const call = shopCaller(() => server);
  let alice: Signed;
  let bob: Signed;
  let admin: Signed;

  beforeAll(async () => {
    server = await startTestServer({ database: kind, seed: "none" });
    alice = await aSignedInUser(server);
    bob = await aSignedInUser(server);
    admin = await aSignedInUser(server, { role: "admin" });
  });
  afterAll(() => server?.close());

  describe("saved products", () => {
    it("saves once however often, lists in-stock saves newest first, and removes with and without the slash", async () => {
      const first = await aProduct(server.db, { name: "Solar lamp" });
      const second = await aProduct(server.db, { name: "Radio" });
      const soldOut = await aProduct(server.db, { name: "Kettle", in_stock: 0 });

      const saved = await call("POST", "product/save/", { token: alice.key, body: { product_id: first.id } });
      expect(saved.status).toBe(201);
      expect(saved.body.data.product_id).toBe(first.id);
      const again = await call("POST", "product/save/", {
        token: alice.key,
        body: { product_id: String(first.id) },
      });
      // Already saved: 200, not 201, with the same record.
      expect(again.status).toBe(200);
      expect(again.body.data).toEqual(saved.body.data);
      const other = await call("POST", "product/save/", {
        token: alice.key,
        body: { product_id: second.id },
      });
      await call("POST", "product/save/", { token: alice.key, body: { product_id: soldOut.id } });

      const list = await call("GET", "product/save/", { token: alice.key });
      expect(list.status).toBe(200);
      expect(list.headers["cache-control"]).toBe("private, no-store");
      expect(list.body.number_of_saved_products).toBe(2);
      expect(list.body.data.map((s: SavedProductWire) => s.product_id.product_name)).toEqual([
        "Radio",
        "Solar lamp",
      ]);
      expect((await call("GET", "product/save", { token: bob.key })).body).toEqual({
        data: [],
        number_of_saved_products: 0,
      });

      expect(
        (await call("DELETE", `product/save/${other.body.data.saved_product_id}`, { token: alice.key }))
          .status,
      ).toBe(204);
      expect(
        (await call("DELETE", `product/save/${saved.body.data.saved_product_id}/`, { token: alice.key }))
          .status,
      ).toBe(204);
      const after = await call("GET", "product/save/", { token: alice.key });
      expect(after.body.number_of_saved_products).toBe(0);
    });

    it("refuses visitors, other users (admins too) and unknown or bad ids", async () => {
      const product = await aProduct(server.db);
      const visitor = await call("POST", "product/save/", { body: { product_id: product.id } });
      expect(visitor.status).toBe(401);
      expect(visitor.body.code).toBe("not_authenticated");
      expect(
        (await call("POST", "product/save/", { token: "nonsense", body: { product_id: product.id } })).status,
      ).toBe(401);
      expect((await call("GET", "product/save/")).status).toBe(401);

      const saved = await call("POST", "product/save/", {
        token: alice.key,
        body: { product_id: product.id },
      });
      const id = saved.body.data.saved_product_id;
      expect((await call("DELETE", `product/save/${id}`)).status).toBe(401);
      for (const someoneElse of [bob, admin]) {
        const refused = await call("DELETE", `product/save/${id}`, { token: someoneElse.key });
        expect(refused.status).toBe(403);
        expect(refused.body).toEqual({ detail: "You are not the owner", code: "forbidden" });
      }

      const unknown = await call("POST", "product/save/", {
        token: alice.key,
        body: { product_id: 99999999 },
      });
      expect(unknown.status).toBe(404);
      expect(unknown.body).toEqual({ detail: "Product not found", code: "product_not_found" });
      expect((await call("DELETE", "product/save/99999999", { token: alice.key })).body.code).toBe(
        "saved_product_not_found",
      );
      expect(
        (await call("POST", "product/save/", { token: alice.key, body: { product_id: "x1" } })).status,
      ).toBe(400);
      expect((await call("POST", "product/save/", { token: alice.key, body: {} })).body.code).toBe(
        "invalid_input",
      );
      expect((await call("DELETE", "product/save/abc", { token: alice.key })).status).toBe(400);
    });

    it("the token in the body is the fallback for the header", async () => {
      const product = await aProduct(server.db);
      const saved = await call("POST", "product/save/", { body: { token: bob.key, product_id: product.id } });
      expect(saved.status).toBe(201);
      const list = await call("GET", "product/save/", { token: bob.key });
      expect(list.body.data.map((s: SavedProductWire) => s.product_id.product_id)).toContain(product.id);
    });
  });

  describe("follows", () => {
    it("follows once, lists the followed shops, counts followers, and unfollows with and without the slash", async () => {
      const shop = await aShop(server.db, { name: "Gulu Crafts", cover_image: "/media/shops/c.webp" });
      const followed = await call("POST", "shop/follow/", {
        token: alice.key,
        body: { shop_id: shop.id, user_id: alice.id },
      });
      expect(followed.status).toBe(201);
      expect(followed.body.data).toEqual({
        id: expect.any(Number),
        shop: { id: shop.id, name: "Gulu Crafts", cover_image: "/media/shops/c.webp", display_image: null },
      });
      const again = await call("POST", "shop/follow/", { token: alice.key, body: { shop_id: shop.id } });
      // Already followed: 200, not 201, with the same record.
      expect(again.status).toBe(200);
      expect(again.body.data).toEqual(followed.body.data);

      const mine = await call("GET", `shop/follow/${alice.id}/`);
      expect(mine.status).toBe(200);
      expect(mine.body.data).toEqual([followed.body.data]);
      expect((await call("GET", `shop/followers/${shop.id}/`)).body.shop.number_of_followers).toBe(1);

      expect(
        (await call("DELETE", `shop/follow/${followed.body.data.id}`, { token: alice.key })).status,
      ).toBe(204);
      // The follower count is not kept from before the change (read cache).
      expect((await call("GET", `shop/followers/${shop.id}/`)).body.shop.number_of_followers).toBe(0);
      expect((await call("GET", `shop/follow/${alice.id}`)).body.data).toEqual([]);
      const refollowed = await call("POST", "shop/follow/", { token: alice.key, body: { shop_id: shop.id } });
      expect(
        (await call("DELETE", `shop/follow/${refollowed.body.data.id}/`, { token: alice.key })).status,
      ).toBe(204);
    });

    it("never acts for someone else, and refuses visitors, other users and unknown shops", async () => {
      const shop = await aShop(server.db);
      expect((await call("POST", "shop/follow/", { body: { shop_id: shop.id } })).status).toBe(401);
      const forBob = await call("POST", "shop/follow/", {
        token: alice.key,
        body: { shop_id: shop.id, user_id: bob.id },
      });
      expect(forBob.status).toBe(403);
      expect((await call("GET", `shop/follow/${bob.id}/`)).body.data).toEqual([]);

      const followed = await call("POST", "shop/follow/", { token: alice.key, body: { shop_id: shop.id } });
      const id = followed.body.data.id;
      expect((await call("DELETE", `shop/follow/${id}`)).status).toBe(401);
      expect((await call("DELETE", `shop/follow/${id}`, { token: bob.key })).status).toBe(403);
      expect((await call("DELETE", `shop/follow/${id}`, { token: admin.key })).status).toBe(403);
      expect((await call("DELETE", "shop/follow/99999999", { token: alice.key })).body.code).toBe(
        "follow_not_found",
      );

      const unknown = await call("POST", "shop/follow/", { token: alice.key, body: { shop_id: 99999999 } });
      expect(unknown.status).toBe(404);
      expect(unknown.body).toEqual({ detail: "Shop not found", code: "shop_not_found" });
      expect((await call("GET", "shop/follow/99999999/")).status).toBe(404);
      expect((await call("GET", "shop/follow/0/")).status).toBe(400);
    });

    it("product/from-followed-shops/ answers the in-stock products of followed shops, not product/{id}/", async () => {
      const carol = await aSignedInUser(server);
      const shop = await aShop(server.db);
      const elsewhere = await aProduct(server.db, { name: "Not followed" });
      const older = await aProduct(server.db, { shop_id: shop.id, name: "Basket" });
      await aProduct(server.db, { shop_id: shop.id, name: "Sold out", in_stock: 0 });
      const newer = await aProduct(server.db, { shop_id: shop.id, name: "Mat" });
      expect((await call("GET", "product/from-followed-shops/")).status).toBe(401);
      expect((await call("GET", "product/from-followed-shops/", { token: carol.key })).body).toEqual({
        data: [],
      });

      await call("POST", "shop/follow/", { token: carol.key, body: { shop_id: shop.id } });
      const listed = await call("GET", "product/from-followed-shops", { token: carol.key });
      expect(listed.status).toBe(200);
      expect(listed.body.data.map((p: ProductWire) => p.product_id)).toEqual([newer.id, older.id]);
      expect(listed.body.data.map((p: ProductWire) => p.product_id)).not.toContain(elsewhere.id);
    });
  });
});
