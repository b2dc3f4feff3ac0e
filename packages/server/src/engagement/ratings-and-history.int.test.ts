import type { ProductWire } from "@katale/adapters-http/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { aSignedInUser } from "../testing/auth-helpers.js";
import { aProduct, aShop } from "../testing/fixtures.js";
import { databaseKinds, startTestServer, type TestServer } from "../testing/test-server.js";
import { BROWSE_HISTORY_KEPT } from "./browse-history-repository.js";
import { shopCaller } from "./engagement-test-client.js";

// Ratings (0–10 on the wire, one per user and product, shown at once in product answers, no lost
// update under concurrency) and browse history (one entry per product, newest first, the last 100,
// its owner's only).

type Signed = Awaited<ReturnType<typeof aSignedInUser>>;

describe.each(databaseKinds())("ratings and browse history (%s)", (kind) => {
  let server: TestServer;
  const call = shopCaller(() => server);
  let alice: Signed;
  let bob: Signed;

  beforeAll(async () => {
    server = await startTestServer({ database: kind, seed: "none" });
    alice = await aSignedInUser(server);
    bob = await aSignedInUser(server);
  });
  afterAll(() => server?.close());

  describe("ratings", () => {
    it("replaces a user's rating and shows the average at once in product answers", async () => {
      const shop = await aShop(server.db);
      const product = await aProduct(server.db, { shop_id: shop.id });
      // Read first, so a cached answer would be stale after the rating.
      expect((await call("GET", `product/${product.id}/`)).body.data.number_of_users_rated).toBe(0);

      const first = await call("POST", "product/rating/", {
        token: alice.key,
        body: { rating: 7, product_id: product.id },
      });
      expect(first.status).toBe(200);
      expect(first.body.data).toEqual({
        product_id: product.id,
        rating: 7,
        average_rating: 3.5,
        number_of_users_rated: 1,
      });
      const replaced = await call("POST", "product/rating/", {
        token: alice.key,
        body: { rating: "10", product_id: product.id },
      });
      expect(replaced.body.data).toMatchObject({ rating: 10, average_rating: 5, number_of_users_rated: 1 });
      const second = await call("POST", "product/rating/", {
        token: bob.key,
        body: { rating: 5, product_id: product.id },
      });
      expect(second.body.data).toMatchObject({ average_rating: 3.8, number_of_users_rated: 2 });

      const shown = (await call("GET", `product/${product.id}/`)).body.data as ProductWire;
      expect(shown).toMatchObject({ average_rating: 3.8, number_of_users_rated: 2 });
      const listed = (await call("GET", `product/shop/${shop.id}/`)).body.data as ProductWire[];
      expect(listed[0]).toMatchObject({ average_rating: 3.8, number_of_users_rated: 2 });
    });

    it("keeps every one of many concurrent ratings", async () => {
      const product = await aProduct(server.db);
      const raters = await Promise.all(Array.from({ length: 8 }, () => aSignedInUser(server)));
      const values = [0, 1, 2, 3, 4, 5, 6, 10];
      const answers = await Promise.all(
        raters.map((rater, i) =>
          call("POST", "product/rating/", {
            token: rater.key,
            body: { rating: values[i], product_id: product.id },
          }),
        ),
      );
      expect(answers.map((a) => a.status)).toEqual(values.map(() => 200));
      // And each rater changing their mind at the same time.
      await Promise.all(
        raters.map((rater) =>
          call("POST", "product/rating/", { token: rater.key, body: { rating: 6, product_id: product.id } }),
        ),
      );
      const shown = (await call("GET", `product/${product.id}/`)).body.data as ProductWire;
      expect(shown).toMatchObject({ average_rating: 3, number_of_users_rated: 8 });
      const totals = await server.db
        .selectFrom("products")
        .select(["rating_total", "rating_count"])
        .where("id", "=", product.id)
        .executeTakeFirstOrThrow();
      expect([Number(totals.rating_total), Number(totals.rating_count)]).toEqual([48, 8]);
    });

    it("refuses visitors, ratings out of 0–10, unknown products and bad ids", async () => {
      const product = await aProduct(server.db);
      const visitor = await call("POST", "product/rating/", { body: { rating: 6, product_id: product.id } });
      expect(visitor.status).toBe(401);
      for (const rating of [-1, 11, 4.5, "five", "", null]) {
        const refused = await call("POST", "product/rating/", {
          token: alice.key,
          body: { rating, product_id: product.id },
        });
        expect(refused.status, String(rating)).toBe(400);
        expect(refused.body.code).toBe("invalid_input");
      }
      const unknown = await call("POST", "product/rating/", {
        token: alice.key,
        body: { rating: 6, product_id: 99999999 },
      });
      expect(unknown.body).toEqual({ detail: "Product not found", code: "product_not_found" });
      expect(
        (await call("POST", "product/rating/", { token: alice.key, body: { rating: 6, product_id: 0 } }))
          .status,
      ).toBe(400);
      expect((await call("GET", `product/${product.id}/`)).body.data.number_of_users_rated).toBe(0);
    });
  });

  describe("browse history", () => {
    it("keeps one entry per product, newest view first, for its owner only", async () => {
      const carol = await aSignedInUser(server);
      const [a, b, c] = await Promise.all([aProduct(server.db), aProduct(server.db), aProduct(server.db)]);
      for (const product of [a, b, c, a]) {
        const recorded = await call("POST", "product/browse-history/", {
          token: carol.key,
          body: { product_id: product.id },
        });
        expect(recorded.status).toBe(201);
        expect(recorded.body.detail).toEqual(expect.any(String));
      }
      const history = await call("GET", "product/browse-history/", { token: carol.key });
      expect(history.status).toBe(200);
      expect(history.headers["cache-control"]).toBe("private, no-store");
      expect(history.body.number_of_products).toBe(3);
      expect(history.body.data.map((p: ProductWire) => p.product_id)).toEqual([a.id, c.id, b.id]);
      // Another user sees their own (empty) history, never carol's.
      expect((await call("GET", "product/browse-history", { token: bob.key })).body).toEqual({
        data: [],
        number_of_products: 0,
      });
    });

    it(`keeps the last ${BROWSE_HISTORY_KEPT} products`, async () => {
      const dave = await aSignedInUser(server);
      const shop = await aShop(server.db);
      const products = [];
      for (let i = 0; i < BROWSE_HISTORY_KEPT + 2; i++)
        products.push(await aProduct(server.db, { shop_id: shop.id }));
      for (const product of products) {
        await call("POST", "product/browse-history/", { token: dave.key, body: { product_id: product.id } });
      }
      const history = await call("GET", "product/browse-history/", { token: dave.key });
      expect(history.body.number_of_products).toBe(BROWSE_HISTORY_KEPT);
      expect(history.body.data[0].product_id).toBe(products.at(-1)!.id);
      expect(history.body.data.map((p: ProductWire) => p.product_id)).not.toContain(products[1]!.id);
      const kept = await server.db
        .selectFrom("browse_history")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("user_id", "=", dave.id)
        .executeTakeFirstOrThrow();
      expect(Number(kept.n)).toBe(BROWSE_HISTORY_KEPT);
    });

    it("refuses visitors, unknown products and bad ids", async () => {
      const product = await aProduct(server.db);
      expect(
        (await call("POST", "product/browse-history/", { body: { product_id: product.id } })).status,
      ).toBe(401);
      expect((await call("GET", "product/browse-history/")).status).toBe(401);
      const unknown = await call("POST", "product/browse-history/", {
        token: alice.key,
        body: { product_id: 99999999 },
      });
      expect(unknown.status).toBe(404);
      expect(unknown.body.code).toBe("product_not_found");
      expect(
        (await call("POST", "product/browse-history/", { token: alice.key, body: { product_id: "abc" } }))
          .status,
      ).toBe(400);
    });
  });
});
