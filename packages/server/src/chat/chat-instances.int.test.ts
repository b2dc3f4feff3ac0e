import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { aSignedInUser } from "../testing/auth-helpers.js";
import { aProduct, aShop } from "../testing/fixtures.js";
import {
  createPostgresDatabase,
  databaseKinds,
  startTestServer,
  type TestServer,
} from "../testing/test-server.js";
import { openChat } from "./chat-test-client.js";

// Two server instances on one PostgreSQL database (issue 11): a message sent on a socket of one
// arrives on the sockets of the other, through LISTEN/NOTIFY. With KATALE_REQUIRE_POSTGRES=1 (CI) a
// missing PostgreSQL fails this suite instead of skipping it.

const postgresOnly = databaseKinds().includes("postgres") ? describe : describe.skip;

postgresOnly("chat across two instances on PostgreSQL", () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let one: TestServer;
  let two: TestServer;

  beforeAll(async () => {
    database = await createPostgresDatabase();
    one = await startTestServer({ databaseUrl: database.url, seed: "none" });
    two = await startTestServer({ databaseUrl: database.url, seed: "none" });
  });
  afterAll(async () => {
    await one?.close();
    await two?.close();
    await database?.drop();
  });

  it("delivers a message sent on one instance to the sockets of both, once each", async () => {
    const [owner, shopper] = [await aSignedInUser(one), await aSignedInUser(one)];
    const shop = await aShop(one.db, { owner_id: owner.id, name: "Two Towns Electronics" });
    const product = await aProduct(one.db, { shop_id: shop.id, name: "Radio", price: 45_000 });
    const opened = await one.app.inject({
      method: "GET",
      url: `/api/shop/chat/room/get-room/${shop.id}`,
      headers: { authorization: `Token ${shopper.key}` },
    });
    const slug = opened.json().data.slug as string;

    const shopperOnOne = await openChat(one, slug, shopper.key);
    const ownerOnTwo = await openChat(two, slug, owner.key);

    shopperOnOne.send({ message: "Hello from instance one", product: { slug: product.slug } });
    const there = (await ownerOnTwo.next()).message as Record<string, unknown>;
    const here = (await shopperOnOne.next()).message as Record<string, unknown>;
    expect(there).toMatchObject({
      message: "Hello from instance one",
      sender_id: shopper.id,
      product: { slug: product.slug, product_name: "Radio", price: 45_000 },
    });
    expect(here).toEqual(there);

    ownerOnTwo.send({ message: "Reply from instance two" });
    expect(((await shopperOnOne.next()).message as { message: string }).message).toBe(
      "Reply from instance two",
    );
    expect(((await ownerOnTwo.next()).message as { sender_id: number }).sender_id).toBe(owner.id);
    // Each socket hears each message once.
    expect(await shopperOnOne.quiet(300)).toBe(true);
    expect(await ownerOnTwo.quiet(0)).toBe(true);

    await Promise.all([shopperOnOne.close(), ownerOnTwo.close()]);
  });

  it("when an instance loses its notifications it sends its sockets away (1012), and delivers again once back", async () => {
    const [owner, shopper] = [await aSignedInUser(one), await aSignedInUser(one)];
    const shop = await aShop(one.db, { owner_id: owner.id });
    const opened = await one.app.inject({
      method: "GET",
      url: `/api/shop/chat/room/get-room/${shop.id}`,
      headers: { authorization: `Token ${shopper.key}` },
    });
    const slug = opened.json().data.slug as string;
    const ownerOnTwo = await openChat(two, slug, owner.key);

    // PostgreSQL ends every LISTEN connection of the chat (both instances').
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    try {
      await admin.query(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND query = 'LISTEN katale_chat'",
      );
    } finally {
      await admin.end();
    }
    expect((await ownerOnTwo.closed).code).toBe(1012);

    // The client reconnects; the next message sent on the other instance arrives.
    const again = await openChat(two, slug, owner.key);
    const shopperOnOne = await openChat(one, slug, shopper.key);
    let delivered: Record<string, unknown> | undefined;
    for (let attempt = 0; attempt < 20 && !delivered; attempt++) {
      shopperOnOne.send({ message: `still there? ${attempt}` });
      await shopperOnOne.next();
      delivered = await again.next(500).catch(() => undefined);
    }
    expect(delivered?.message).toMatchObject({ sender_id: shopper.id });
    await Promise.all([again.close(), shopperOnOne.close()]);
  });
});
