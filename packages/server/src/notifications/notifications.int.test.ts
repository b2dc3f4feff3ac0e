import { randomUUID } from "node:crypto";
import type { NotificationWire } from "@katale/adapters-http/contract";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { aPhoto, form, sellerCaller } from "../products/seller-test-client.js";
import { aSignedInUser } from "../testing/auth-helpers.js";
import { aCategory, aProduct, aShop, aSubCategory } from "../testing/fixtures.js";
import { databaseKinds, startTestServer, type TestServer } from "../testing/test-server.js";
import { deliverEvent } from "./deliver-event.js";
import { INBOX_CHUNK } from "./inbox-delivery.js";

// Notifications: each kind made by its cause and never by the user's own action, bursts folded into
// one unread entry, the inbox choices respected, another user's entries out of reach, and delivery
// that writes once however often a job runs. The queue runs in the server (pg-boss on PostgreSQL,
// the table queue on PGlite); the tests wait for the inbox as a user would.

type Signed = Awaited<ReturnType<typeof aSignedInUser>>;

describe.each(databaseKinds())("notifications (%s)", (kind) => {
  let server: TestServer;
  const call = sellerCaller(() => server);
  let owner: Signed;
  let shopper: Signed;
  let other: Signed;
  let shopId: number;
  let categoryId: number;
  let subCategoryId: number;

  beforeAll(async () => {
    server = await startTestServer({ database: kind, seed: "none" });
    [owner, shopper, other] = await Promise.all([
      aSignedInUser(server),
      aSignedInUser(server),
      aSignedInUser(server),
    ]);
    shopId = (await aShop(server.db, { owner_id: owner.id, name: "Kikuubo Phones" })).id;
    categoryId = (await aCategory(server.db, { name: "Electronics" })).id;
    subCategoryId = (await aSubCategory(server.db, { category_id: categoryId, name: "Phones" })).id;
  });
  afterAll(() => server?.close());

  const inbox = async (user: Signed, query = "") => {
    const answer = await call("GET", `notifications/${query}`, { token: user.key });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body as { count: number; unread: number; results: NotificationWire[] };
  };
  const titles = async (user: Signed) => (await inbox(user)).results.map((n) => n.title);

  it("tells a shop's owner of new followers, folded into one unread entry, and not the follower", async () => {
    expect(await inbox(owner)).toMatchObject({ count: 0, unread: 0, results: [] });
    expect(
      (await call("POST", "shop/follow/", { token: shopper.key, json: { shop_id: shopId } })).status,
    ).toBe(201);
    await expect.poll(() => titles(owner)).toEqual(["Kikuubo Phones has a new follower"]);
    const first = (await inbox(owner)).results[0]!;
    expect(first).toMatchObject({
      kind: "new_follower",
      read: false,
      url: "/account/admin-shop/Kikuubo%20Phones",
    });

    await call("POST", "shop/follow/", { token: other.key, json: { shop_id: shopId } });
    await expect.poll(() => titles(owner)).toEqual(["Kikuubo Phones has 2 new followers"]);
    expect((await inbox(owner)).unread).toBe(1);
    expect((await inbox(shopper)).count).toBe(0);
    // Following again makes nothing new.
    expect(
      (await call("POST", "shop/follow/", { token: shopper.key, json: { shop_id: shopId } })).status,
    ).toBe(200);

    // Read, the next follower starts a new entry.
    expect((await call("POST", "notifications/read/", { token: owner.key, json: {} })).body).toEqual({
      unread: 0,
    });
    const third = await aSignedInUser(server);
    await call("POST", "shop/follow/", { token: third.key, json: { shop_id: shopId } });
    await expect
      .poll(() => titles(owner))
      .toEqual(["Kikuubo Phones has a new follower", "Kikuubo Phones has 2 new followers"]);
    expect((await inbox(owner, "?unread=1")).count).toBe(1);
  });

  it("tells followers of a new product, and those who saved a product of its price drop and its return", async () => {
    const created = await call("POST", "product/", {
      token: owner.key,
      form: form({
        product_name: "Tecno Spark 20",
        description: "6.6 inch screen",
        price: "480000",
        in_stock: "4",
        category_id: String(categoryId),
        sub_category_id: String(subCategoryId),
        shop_id: String(shopId),
        number_of_images: "1",
        image_1: await aPhoto(),
      }),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const product = created.body.data as { product_id: number; slug: string };
    await expect
      .poll(async () => (await inbox(shopper)).results[0]?.title)
      .toBe("Kikuubo Phones listed something new");
    expect((await inbox(shopper)).results[0]).toMatchObject({
      kind: "new_product_from_followed_shop",
      body: "Tecno Spark 20",
      url: `/item/${product.slug}`,
    });
    // The owner is not told of their own product.
    expect((await inbox(owner)).results.map((n) => n.kind)).not.toContain("new_product_from_followed_shop");

    await call("POST", "product/save/", { token: shopper.key, json: { product_id: product.product_id } });
    const patch = (fields: Record<string, string>) =>
      call("PATCH", `product/${product.product_id}/`, { token: owner.key, form: form(fields) });
    expect((await patch({ price: "450000" })).status).toBe(200);
    await expect.poll(async () => (await titles(shopper))[0]).toBe("Price drop: Tecno Spark 20");
    expect((await inbox(shopper)).results[0]!.body).toBe("Now UGX 450,000 (was UGX 480,000)");
    // A higher price is no news.
    await patch({ price: "470000" });
    await patch({ in_stock: "0" });
    await patch({ in_stock: "3" });
    await expect.poll(async () => (await titles(shopper))[0]).toBe("Back in stock: Tecno Spark 20");
    expect((await inbox(shopper)).results.filter((n) => n.kind === "saved_product_price_drop")).toHaveLength(
      1,
    );
  });

  it("tells the owner of reviews unless they turned that inbox off; settings refuse unknown kinds and channels", async () => {
    const product = await aProduct(server.db, { shop_id: shopId, name: "Itel A70" });
    expect(
      (
        await call("POST", "product/rating/", {
          token: shopper.key,
          json: { product_id: product.id, rating: 8 },
        })
      ).status,
    ).toBe(200);
    await expect.poll(async () => (await titles(owner))[0]).toBe("New review on Itel A70");

    const settings = await call("GET", "notifications/settings/", { token: owner.key });
    // E-mail is on by default only for chat messages, verification decisions and saved-search digests.
    expect(settings.body.settings.review_on_my_product).toEqual({ inbox: true, email: false, push: false });
    expect(settings.body.settings.chat_message).toEqual({ inbox: true, email: true, push: false });
    expect(Object.keys(settings.body.settings)).toHaveLength(8);
    const off = await call("PUT", "notifications/settings/", {
      token: owner.key,
      json: { settings: { review_on_my_product: { inbox: false, email: false, push: false } } },
    });
    expect(off.status).toBe(200);
    expect(off.body.settings.review_on_my_product.inbox).toBe(false);
    expect(off.body.settings.new_follower.inbox).toBe(true);
    // All read: the next follower makes an entry of its own rather than folding into an unread one.
    await call("POST", "notifications/read/", { token: owner.key, json: {} });
    const before = (await inbox(owner)).count;
    const quiet = await aProduct(server.db, { shop_id: shopId, name: "Nokia 105" });
    await call("POST", "product/rating/", { token: other.key, json: { product_id: quiet.id, rating: 6 } });
    // Another kind still arrives after the review would have: the review was skipped, not late.
    const fourth = await aSignedInUser(server);
    await call("POST", "shop/follow/", { token: fourth.key, json: { shop_id: shopId } });
    await expect.poll(async () => (await inbox(owner)).count).toBe(before + 1);
    expect(await titles(owner)).not.toContain("New review on Nokia 105");

    const unknownKind = await call("PUT", "notifications/settings/", {
      token: owner.key,
      json: { settings: { price_rise: { inbox: true, email: true, push: true } } },
    });
    expect(unknownKind.status).toBe(400);
    expect(unknownKind.body.code).toBe("invalid_input");
    const unknownChannel = await call("PUT", "notifications/settings/", {
      token: owner.key,
      json: { settings: { new_follower: { inbox: true, email: true, push: true, sms: true } } },
    });
    expect(unknownChannel.status).toBe(400);
  });

  it("keeps each inbox to its user: visitors 401, another user's ids 404, pages past the end 404", async () => {
    expect((await call("GET", "notifications/")).status).toBe(401);
    expect((await call("POST", "notifications/read/", { json: {} })).status).toBe(401);
    expect((await call("GET", "notifications/settings/")).status).toBe(401);
    const mine = (await inbox(owner)).results[0]!;
    const foreign = await call("POST", "notifications/read/", { token: other.key, json: { ids: [mine.id] } });
    expect(foreign.status).toBe(404);
    expect(foreign.body.code).toBe("notification_not_found");
    expect((await inbox(owner)).results[0]!.read).toBe(mine.read);
    expect((await call("GET", "notifications/?page=9", { token: owner.key })).status).toBe(404);
    const one = await call("POST", "notifications/read/", { token: owner.key, json: { ids: [mine.id] } });
    expect(one.status).toBe(200);
    expect((await inbox(owner)).results.find((n) => n.id === mine.id)!.read).toBe(true);
  });

  it("writes an event once however often its job runs, also at the same time", async () => {
    const fan = await aShop(server.db, { owner_id: other.id, name: "Owino Fabrics" });
    const followers = await Promise.all([1, 2, 3].map(() => aSignedInUser(server)));
    await server.db
      .insertInto("follows")
      .values(followers.map((f) => ({ user_id: f.id, shop_id: fan.id })))
      .execute();
    const product = await aProduct(server.db, { shop_id: fan.id, name: "Kitenge" });
    const event = {
      kind: "new_product_from_followed_shop" as const,
      actor_id: other.id,
      product_id: product.id,
      event_id: randomUUID(),
    };
    await Promise.all([deliverEvent(server.db, event), deliverEvent(server.db, event)]);
    await deliverEvent(server.db, event);
    for (const follower of followers)
      expect(await titles(follower)).toEqual(["Owino Fabrics listed something new"]);
  });

  it("writes a fan-out of several chunks once to each follower, however often its job runs", async () => {
    const fan = await aShop(server.db, { owner_id: other.id, name: "Kalerwe Greens" });
    const followers = INBOX_CHUNK * 2 + 300;
    // Users made in one statement: this is about the fan-out, not about signing up.
    await sql`INSERT INTO users (email, phone, name, password_hash, country, email_verified)
      SELECT 'fan' || g || '@example.ug', '+256' || lpad(g::text, 9, '0'), 'Fan ' || g, 'x', 'Uganda', true
      FROM generate_series(1, ${followers}) g`.execute(server.db);
    await sql`INSERT INTO follows (user_id, shop_id)
      SELECT id, ${fan.id} FROM users WHERE email LIKE 'fan%@example.ug'`.execute(server.db);
    const product = await aProduct(server.db, { shop_id: fan.id, name: "Matooke bunch" });
    const event = {
      kind: "new_product_from_followed_shop" as const,
      actor_id: other.id,
      product_id: product.id,
      event_id: randomUUID(),
    };
    const [first, second] = await Promise.all([
      deliverEvent(server.db, event),
      deliverEvent(server.db, event),
    ]);
    expect(first.length + second.length).toBe(followers);
    expect(await deliverEvent(server.db, event)).toEqual([]);
    const { rows } = await sql<{ users: number; entries: number; counts: number }>`
      SELECT count(DISTINCT user_id)::int AS users, count(*)::int AS entries, sum(count)::int AS counts
      FROM notifications WHERE subject = 'Kalerwe Greens'`.execute(server.db);
    expect(rows[0]).toEqual({ users: followers, entries: followers, counts: followers });
  });
});
