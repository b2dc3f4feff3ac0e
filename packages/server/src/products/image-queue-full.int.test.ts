import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { aSignedInUser } from "../testing/auth-helpers.js";
import { aCategory, aShop, aSubCategory } from "../testing/fixtures.js";
import { startTestServer, type TestServer } from "../testing/test-server.js";
import { form, sellerCaller } from "./seller-test-client.js";

// A full image queue is the server being busy, not a bad picture: 503 `unavailable` with
// `Retry-After`, never 400 on the image field (the seller would think the photo is wrong).

describe("a full image queue", () => {
  let server: TestServer;
  const call = sellerCaller(() => server);

  beforeAll(async () => {
    // One image at a time and none waiting: a second upload while one is worked on is refused.
    server = await startTestServer({ seed: "none", env: { IMAGE_JOBS: "1", IMAGE_QUEUE: "0" } });
  });
  afterAll(() => server?.close());

  it("answers 503 with Retry-After to the uploads that find it full", async () => {
    const owner = await aSignedInUser(server);
    const shop = await aShop(server.db, { owner_id: owner.id, name: "Nakasero Prints" });
    const category = await aCategory(server.db, { name: "Art" });
    const sub = await aSubCategory(server.db, { category_id: category.id, name: "Prints" });
    // A photo-like 6 MP JPEG (noise does not compress): seconds of work each.
    const photo = await sharp({
      create: {
        width: 3000,
        height: 2000,
        channels: 3,
        background: "#000",
        noise: { type: "gaussian", mean: 128, sigma: 40 },
      },
    })
      .jpeg({ quality: 80 })
      .toBuffer();
    const create = (n: number) =>
      call("POST", "product/", {
        token: owner.key,
        form: form({
          product_name: `Print ${n}`,
          description: "A4 print on matte paper",
          price: "25000",
          in_stock: "3",
          category_id: String(category.id),
          sub_category_id: String(sub.id),
          shop_id: String(shop.id),
          number_of_images: "1",
          image_1: photo,
        }),
      });
    const answers = await Promise.all([1, 2, 3].map(create));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toContain(201);
    expect(statuses).toContain(503);
    for (const busy of answers.filter((a) => a.status !== 201)) {
      expect(busy.status).toBe(503);
      expect(busy.body).toEqual({
        detail: "We are processing many pictures right now. Please try again in a minute.",
        code: "unavailable",
      });
      expect(Number(busy.headers.get("retry-after"))).toBeGreaterThan(0);
    }
  }, 120_000);
});
