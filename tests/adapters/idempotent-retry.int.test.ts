import { createHttpGateways, type FetchLike } from "@katale/adapters-http";
import { samplePng } from "@katale/adapters-http/testing";
import {
  aCategory,
  aShop,
  aSignedInUser,
  aSubCategory,
  databaseKinds,
  startTestServer,
  type TestServer,
} from "@katale/server/testing";
import { fetch as undiciFetch } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// A seller's product upload whose answer is lost on the way back (the connection broke after the
// server did the work) is sent again by the HTTP gateway with the same Idempotency-Key: the real
// server answers the first answer, and one product exists, not two.

describe.each(databaseKinds())("the gateways retry a create with one key (%s)", (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ database: kind });
  });
  afterAll(async () => {
    await server?.close();
  });

  const productsNamed = async (name: string) =>
    server.db.selectFrom("products").select("id").where("name", "=", name).execute();

  it("sends a create again with its key when the first answer was lost, and one product exists", async () => {
    const seller = await aSignedInUser(server);
    const shop = await aShop(server.db, { owner_id: seller.id, name: "Bugolobi Solar" });
    const category = await aCategory(server.db, { name: "Energy" });
    const sub = await aSubCategory(server.db, { category_id: category.id, name: "Lanterns" });
    const keys: (string | undefined)[] = [];
    let lost = 0;
    // The real server answers; the first answer to a create never reaches the client.
    const losingFetch: FetchLike = async (url, init) => {
      const response = await undiciFetch(url, init);
      if (init.method !== "POST") return response;
      keys.push(init.headers["idempotency-key"]);
      if (lost === 0) {
        await response.text();
        lost += 1;
        throw new TypeError("fetch failed: the connection closed");
      }
      return response;
    };
    const gateways = createHttpGateways({
      authUrl: server.authUrl,
      shopUrl: server.shopUrl,
      fetch: losingFetch,
    });

    const name = "Solar lantern, 3 modes";
    const created = await gateways.productAdmin.createProduct(seller.key, {
      shopId: shop.id,
      name,
      description: "Charges in a day of sun",
      price: 35_000,
      inStock: 5,
      categoryId: category.id,
      subCategoryId: sub.id,
      images: [samplePng(0)],
    });

    expect(created.ok ? "created" : created.error).toBe("created");
    expect(await productsNamed(name)).toHaveLength(1);
    if (created.ok) expect((await productsNamed(name))[0]!.id).toBe(created.value.id);
    // Two sends of one action, under one key.
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^"[0-9a-f-]{36}"$/);
    expect(keys[1]).toBe(keys[0]);
  });

  it("uses a new key for each action: the same product added twice is two products", async () => {
    const seller = await aSignedInUser(server);
    const shop = await aShop(server.db, { owner_id: seller.id, name: "Ntinda Lamps" });
    const category = await aCategory(server.db, { name: "Lighting" });
    const sub = await aSubCategory(server.db, { category_id: category.id, name: "Lamps" });
    const gateways = createHttpGateways({
      authUrl: server.authUrl,
      shopUrl: server.shopUrl,
      fetch: undiciFetch,
    });
    const product = {
      shopId: shop.id,
      name: "Desk lamp",
      description: "LED, USB powered",
      price: 20_000,
      inStock: 2,
      categoryId: category.id,
      subCategoryId: sub.id,
      images: [samplePng(1)],
    };
    expect((await gateways.productAdmin.createProduct(seller.key, product)).ok).toBe(true);
    expect((await gateways.productAdmin.createProduct(seller.key, product)).ok).toBe(true);
    expect(await productsNamed("Desk lamp")).toHaveLength(2);
  });
});
