import type { FeaturedShopWire, ShopWire } from "@katale/adapters-http/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { aCategory, aFollow, aProduct, aRating, aShop, aUser } from "../testing/fixtures.js";
import { databaseKinds, startTestServer, type TestServer } from "../testing/test-server.js";

// The shop read calls of spec §7: shops, a shop, top-rated shops and followers.

describe.each(databaseKinds())("shop read routes (%s)", (kind) => {
  let server: TestServer;
  const shops: Record<string, { id: number; owner_id: number }> = {};
  const categories: number[] = [];

  const get = async (path: string) => {
    const response = await server.app.inject({ method: "GET", url: `/api/shop/${path}` });
    return { status: response.statusCode, body: response.json() };
  };
  const featuredNames = (data: FeaturedShopWire[]) => data.map((entry) => entry.shop.name);

  beforeAll(async () => {
    server = await startTestServer({ database: kind, seed: "none" });
    const db = server.db;
    for (const name of ["Electronics", "Fashion", "Food"])
      categories.push((await aCategory(db, { name })).id);
    const owner = await aUser(db, { name: "Nakato Sarah" });
    shops.kampala = await aShop(db, {
      name: "Kampala Phones",
      owner_id: owner.id,
      bio: "Phones and accessories on Luwum Street",
      email: "hello@kampalaphones.ug",
      phone: "0772000000",
      verification_status: "VERIFIED",
      display_image: "/media/shops/kp.webp",
      cover_image: "/media/shops/kp-cover.webp",
      location_latitude: 0.3136,
      location_longitude: 32.5811,
      categories: [categories[2]!, categories[0]!],
    });
    shops.jinja = await aShop(db, { name: "Jinja Fashions" });
    shops.mbarara = await aShop(db, { name: "Mbarara Foods" });
    shops.gulu = await aShop(db, { name: "Gulu Hardware" });
    shops.unrated = await aShop(db, { name: "Unrated Shop" });

    // Kampala: 9 and 7 on one product, 10 on an out-of-stock one: (9 + 7 + 10) / 3 / 2 = 4.33 -> 4.3.
    const phone = await aProduct(db, { shop_id: shops.kampala.id });
    const oldPhone = await aProduct(db, { shop_id: shops.kampala.id, in_stock: 0 });
    await aRating(db, { product_id: phone.id, rating: 9 });
    await aRating(db, { product_id: phone.id, rating: 7 });
    await aRating(db, { product_id: oldPhone.id, rating: 10 });
    // Jinja: 10 -> 5.0 from one rating; Gulu: 10 and 10 -> 5.0 from two (more ratings first).
    await aRating(db, { product_id: (await aProduct(db, { shop_id: shops.jinja.id })).id, rating: 10 });
    const tool = await aProduct(db, { shop_id: shops.gulu.id });
    await aRating(db, { product_id: tool.id, rating: 10 });
    await aRating(db, { product_id: tool.id, rating: 10 });
    // Mbarara: 4 -> 2.0.
    await aRating(db, { product_id: (await aProduct(db, { shop_id: shops.mbarara.id })).id, rating: 4 });

    await aFollow(db, { shop_id: shops.kampala.id, user_id: (await aUser(db, { name: "Okello John" })).id });
    await aFollow(db, {
      shop_id: shops.kampala.id,
      user_id: (await aUser(db, { name: "Achieng Mary", profile_picture: "/media/avatars/am.webp" })).id,
    });
    const gone = await aUser(db, { name: "Deleted Person", deleted_at: new Date() });
    await aFollow(db, { shop_id: shops.kampala.id, user_id: gone.id });
  });

  afterAll(async () => {
    await server?.close();
  });

  it("shop/{id}/ answers the shop in its wire shape with its rating and categories in order", async () => {
    expect(await get(`shop/${shops.kampala!.id}/`)).toEqual({
      status: 200,
      body: {
        data: {
          id: shops.kampala!.id,
          name: "Kampala Phones",
          bio: "Phones and accessories on Luwum Street",
          email: "hello@kampalaphones.ug",
          phone: "0772000000",
          display_image: "/media/shops/kp.webp",
          cover_image: "/media/shops/kp-cover.webp",
          owner: shops.kampala!.owner_id,
          verification_status: "VERIFIED",
          rating: 4.3,
          category: [categories[2], categories[0]],
          location_latitude: 0.3136,
          location_longitude: 32.5811,
          district: "Kampala",
        },
      },
    });
  });

  it("shop/{id}/ answers 'Shop not found' for an unknown shop and a 4xx for a bad id", async () => {
    expect(await get("shop/999999/")).toEqual({
      status: 404,
      body: { detail: "Shop not found", code: "shop_not_found" },
    });
    const bad = await get("shop/not-a-number/");
    expect(bad.status).toBe(400);
    expect(typeof bad.body.detail).toBe("string");
  });

  it("shop/ lists every shop, newest first", async () => {
    const { status, body } = await get("shop/");
    expect(status).toBe(200);
    expect(body.data.map((s: ShopWire) => s.name)).toEqual([
      "Unrated Shop",
      "Gulu Hardware",
      "Mbarara Foods",
      "Jinja Fashions",
      "Kampala Phones",
    ]);
    expect(body.data.find((s: ShopWire) => s.name === "Unrated Shop")).toMatchObject({
      rating: 0,
      category: [],
    });
  });

  it("shop/?ids= answers those shops only, each once, in the order first named", async () => {
    const { status, body } = await get(
      `shop/?ids=${shops.mbarara!.id},999999,${shops.kampala!.id},${shops.mbarara!.id}`,
    );
    expect(status).toBe(200);
    expect(body.data.map((s: ShopWire) => s.name)).toEqual(["Mbarara Foods", "Kampala Phones"]);
    for (const ids of ["", "1,,2", "a", "1;2", Array.from({ length: 101 }, (_, i) => i + 1).join(",")]) {
      expect((await get(`shop/?ids=${ids}`)).status, ids).toBe(400);
    }
  });

  it("shop/top-rated/ answers the best 4 by average rating, more ratings first on a tie", async () => {
    const { status, body } = await get("shop/top-rated/");
    expect(status).toBe(200);
    expect(featuredNames(body.data)).toEqual([
      "Gulu Hardware",
      "Jinja Fashions",
      "Kampala Phones",
      "Mbarara Foods",
    ]);
    expect(body.data.map((entry: FeaturedShopWire) => entry.average_total_rating)).toEqual([5, 5, 4.3, 2]);
  });

  it("shop/top-rated/?limit= answers more or fewer, unrated shops last", async () => {
    expect(featuredNames((await get("shop/top-rated/?limit=2")).body.data)).toEqual([
      "Gulu Hardware",
      "Jinja Fashions",
    ]);
    const all = await get("shop/top-rated/?limit=1000");
    expect(featuredNames(all.body.data).at(-1)).toBe("Unrated Shop");
    expect(all.body.data.at(-1).average_total_rating).toBe(0);
    expect((await get("shop/top-rated/?limit=abc")).status).toBe(400);
  });

  it("shop/followers/{shopId}/ answers the count and the followers, newest first", async () => {
    expect(await get(`shop/followers/${shops.kampala!.id}/`)).toEqual({
      status: 200,
      body: {
        shop: { id: shops.kampala!.id, name: "Kampala Phones", number_of_followers: 2 },
        followers: [
          { name: "Achieng Mary", profile_picture: "/media/avatars/am.webp" },
          { name: "Okello John", profile_picture: null },
        ],
      },
    });
    expect((await get(`shop/followers/${shops.jinja!.id}/`)).body).toEqual({
      shop: { id: shops.jinja!.id, name: "Jinja Fashions", number_of_followers: 0 },
      followers: [],
    });
    expect(await get("shop/followers/999999/")).toEqual({
      status: 404,
      body: { detail: "Shop not found", code: "shop_not_found" },
    });
  });
});
