import { CHAT_BEARER_PREFIX, NOTIFICATIONS_PROTOCOL } from "@katale/adapters-http/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sellerCaller } from "../products/seller-test-client.js";
import { aSignedInUser } from "../testing/auth-helpers.js";
import { aShop } from "../testing/fixtures.js";
import {
  createPostgresDatabase,
  databaseKinds,
  startTestServer,
  type TestServer,
} from "../testing/test-server.js";
import { type InboxClient, inboxRefusal, openInbox } from "./notification-socket-client.js";

// The user's notification socket, with a real WebSocket client: the count on connecting, each entry
// added or folded with the new count, the count again after a mark-read; only the user's own; and
// across two instances on one PostgreSQL (the delivery on one, the socket on the other).

describe.each(databaseKinds())("notification socket (%s)", (kind) => {
  let server: TestServer;
  const call = sellerCaller(() => server);
  beforeAll(async () => {
    server = await startTestServer({ database: kind, seed: "none" });
  });
  afterAll(() => server?.close());

  it("refuses visitors and wrong tokens, and answers a plain GET with 426", async () => {
    expect(await inboxRefusal(server, [NOTIFICATIONS_PROTOCOL])).toBe(401);
    expect(await inboxRefusal(server, [NOTIFICATIONS_PROTOCOL, `${CHAT_BEARER_PREFIX}nope`])).toBe(401);
    const user = await aSignedInUser(server);
    expect(await inboxRefusal(server, [NOTIFICATIONS_PROTOCOL, `${CHAT_BEARER_PREFIX}${user.key}`])).toBe(
      "open",
    );
    expect((await call("GET", "notifications/socket/", { token: user.key })).status).toBe(426);
    // /api/docs says how to connect and what arrives.
    const doc = (await (await fetch(`${server.baseUrl}/api/docs/json`)).json()) as {
      paths: Record<string, Record<string, { description?: string }>>;
    };
    const socket = doc.paths["/api/shop/notifications/socket/"]?.get;
    expect(socket?.description).toContain("katale.notifications.v1");
    expect(socket?.description).toContain("{notification: {id, kind, title");
  });

  it("sends the count, each new or folded entry with the new count, and the count after a read", async () => {
    const [owner, shopper, other] = await Promise.all([
      aSignedInUser(server),
      aSignedInUser(server),
      aSignedInUser(server),
    ]);
    const shop = await aShop(server.db, { owner_id: owner.id, name: "Nakasero Fresh" });
    const bell = await openInbox(server, owner.key);
    const shoppers = await openInbox(server, shopper.key);
    try {
      expect(bell.protocol).toBe(NOTIFICATIONS_PROTOCOL);
      expect(await bell.next()).toEqual({ unread: 0 });
      expect(await shoppers.next()).toEqual({ unread: 0 });

      await call("POST", "shop/follow/", { token: shopper.key, json: { shop_id: shop.id } });
      const first = await bell.next();
      expect(first).toMatchObject({
        unread: 1,
        notification: { kind: "new_follower", title: "Nakasero Fresh has a new follower", read: false },
      });
      const id = (first.notification as { id: number }).id;
      // The frame's entry is the inbox's.
      const listed = await call("GET", "notifications/", { token: owner.key });
      expect(listed.body.results[0]).toEqual(first.notification);

      await call("POST", "shop/follow/", { token: other.key, json: { shop_id: shop.id } });
      expect(await bell.next()).toMatchObject({
        unread: 1,
        notification: { id, title: "Nakasero Fresh has 2 new followers" },
      });

      expect((await call("POST", "notifications/read/", { token: owner.key, json: {} })).body).toEqual({
        unread: 0,
      });
      expect(await bell.next()).toEqual({ unread: 0 });
      // The follower heard nothing of it: their next frame is their own read.
      await call("POST", "notifications/read/", { token: shopper.key, json: {} });
      expect(await shoppers.next()).toEqual({ unread: 0 });
    } finally {
      await bell.close();
      await shoppers.close();
    }
  });
});

const postgresOnly = databaseKinds().includes("postgres") ? describe : describe.skip;

postgresOnly("notification socket across two instances on PostgreSQL", () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let one: TestServer;
  let two: TestServer;
  const onOne = sellerCaller(() => one);
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

  it("brings an entry and a read made through one instance to the user's sockets on both, once each", async () => {
    const [owner, shopper] = [await aSignedInUser(one), await aSignedInUser(one)];
    const shop = await aShop(one.db, { owner_id: owner.id, name: "Two Towns Hardware" });
    const sockets: InboxClient[] = [await openInbox(one, owner.key), await openInbox(two, owner.key)];
    try {
      for (const socket of sockets) expect(await socket.next()).toEqual({ unread: 0 });
      await onOne("POST", "shop/follow/", { token: shopper.key, json: { shop_id: shop.id } });
      for (const socket of sockets)
        expect(await socket.next()).toMatchObject({
          unread: 1,
          notification: { kind: "new_follower", title: "Two Towns Hardware has a new follower" },
        });
      await onOne("POST", "notifications/read/", { token: owner.key, json: {} });
      // Next is the read, not the entry a second time.
      for (const socket of sockets) expect(await socket.next()).toEqual({ unread: 0 });
    } finally {
      for (const socket of sockets) await socket.close();
    }
  });
});
