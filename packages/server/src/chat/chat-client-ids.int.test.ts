import { randomUUID } from "node:crypto";
import { messages } from "@katale/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shopCaller } from "../engagement/engagement-test-client.js";
import { aSignedInUser } from "../testing/auth-helpers.js";
import { aShop } from "../testing/fixtures.js";
import {
  createPostgresDatabase,
  databaseKinds,
  startTestServer,
  type TestServer,
} from "../testing/test-server.js";
import { openChat, roomSlug } from "./chat-test-client.js";

// Chat that survives a dead zone: a client sends a message again, with the same `client_id`, when it
// cannot tell whether the first try arrived. Real server, real `ws` clients: the message is stored
// once, the repeat is answered to the sender with the stored message, and the other side gets it once.

type Signed = Awaited<ReturnType<typeof aSignedInUser>>;

describe.each(databaseKinds())("chat messages sent again with their client_id (%s)", (kind) => {
  let server: TestServer;
  const call = shopCaller(() => server);
  let owner: Signed;
  let shopper: Signed;
  let slug: string;

  beforeAll(async () => {
    server = await startTestServer({ database: kind, seed: "none" });
    [owner, shopper] = await Promise.all([aSignedInUser(server), aSignedInUser(server)]);
    const shop = await aShop(server.db, { owner_id: owner.id, name: `Dead Zone Phones ${kind}` });
    slug = (await call("GET", `chat/room/get-room/${shop.id}`, { token: shopper.key })).body.data.slug;
  });
  afterAll(() => server?.close());

  const stored = async (clientId: string) =>
    server.db.selectFrom("chat_messages").selectAll().where("client_id", "=", clientId).execute();

  it("stores a repeat once, answers it with the stored message, and delivers it once to the other side", async () => {
    const customer = await openChat(server, slug, shopper.key);
    const shopOwner = await openChat(server, slug, owner.key);
    const clientId = randomUUID();

    customer.send({ message: "Is the phone still there?", sender_id: shopper.id, client_id: clientId });
    const first = (await customer.next()).message as Record<string, unknown>;
    expect(first).toMatchObject({
      message: "Is the phone still there?",
      sender_id: shopper.id,
      client_id: clientId,
    });
    expect((await shopOwner.next()).message).toEqual(first);

    // The same frame again (the socket seemed down), and even with other words: the stored one.
    customer.send({ message: "Is the phone still there?", client_id: clientId });
    customer.send({ message: "typed again", client_id: clientId.toUpperCase() });
    expect((await customer.next()).message).toEqual(first);
    expect((await customer.next()).message).toEqual(first);
    expect(await shopOwner.quiet(500)).toBe(true);
    expect(await stored(clientId)).toHaveLength(1);

    // A new socket of the sender's (a reconnect) gets the same answer.
    await customer.close();
    const again = await openChat(server, slug, shopper.key);
    again.send({ message: "Is the phone still there?", client_id: clientId });
    expect((await again.next()).message).toEqual(first);
    expect(await shopOwner.quiet(300)).toBe(true);

    // The history shows it once, with its client_id.
    const room = await call("GET", `chat/room/${slug}`, { token: owner.key });
    const withId = (room.body.data.data.messages as { client_id?: string }[]).filter(
      (m) => m.client_id === clientId,
    );
    expect(withId).toEqual([first]);
    await again.close();
    await shopOwner.close();
  });

  it("counts a message sent again as one unread message for the other side", async () => {
    const customer = await openChat(server, slug, shopper.key);
    const unread = async () => {
      const list = await call("GET", "chat/room/", { token: owner.key });
      return (list.body.data as { slug: string; unread_count: number }[]).find((r) => r.slug === slug)
        ?.unread_count;
    };
    const before = (await unread()) ?? 0;
    const clientId = randomUUID();
    for (let i = 0; i < 3; i++) {
      customer.send({ message: "Hello? Anyone?", client_id: clientId });
      expect((await customer.next()).message).toMatchObject({ client_id: clientId });
    }
    expect(await stored(clientId)).toHaveLength(1);
    expect(await unread()).toBe(before + 1);
    await customer.close();
  });

  it("stores the same id once when two sockets of the sender send it at the same time", async () => {
    const [a, b] = [await openChat(server, slug, shopper.key), await openChat(server, slug, shopper.key)];
    const shopOwner = await openChat(server, slug, owner.key);
    const clientId = randomUUID();
    a.send({ message: "Two tabs", client_id: clientId });
    b.send({ message: "Two tabs", client_id: clientId });
    const fromOwner = (await shopOwner.next()).message as Record<string, unknown>;
    expect(fromOwner).toMatchObject({ message: "Two tabs", client_id: clientId });
    expect(await shopOwner.quiet(500)).toBe(true);
    expect(await stored(clientId)).toHaveLength(1);
    // Each socket was answered the stored message (a, b: the fan-out and the repeat's answer).
    const seen = [...(await frames(a)), ...(await frames(b))].map((f) => f.message);
    expect(seen.every((m) => JSON.stringify(m) === JSON.stringify(fromOwner))).toBe(true);
    for (const socket of [a, b, shopOwner]) await socket.close();
  });

  it("keeps messages without a client_id as before, and refuses one that is not a UUID", async () => {
    const customer = await openChat(server, slug, shopper.key);
    customer.send({ message: "No id" });
    customer.send({ message: "No id" });
    const [one, two] = [(await customer.next()).message, (await customer.next()).message];
    expect(Object.keys(one as object).sort()).toEqual([
      "created_at",
      "id",
      "image",
      "message",
      "product",
      "sender_id",
    ]);
    expect(two).toMatchObject({ message: "No id" });
    customer.send({ message: "Bad id", client_id: "not-a-uuid" });
    expect(await customer.next()).toEqual({
      error: messages.chat.clientIdInvalid,
      code: "client_id_invalid",
    });
    await customer.close();
  });
});

/** The frames a socket got until it goes quiet. */
async function frames(client: Awaited<ReturnType<typeof openChat>>): Promise<Record<string, unknown>[]> {
  const got: Record<string, unknown>[] = [];
  for (;;) {
    try {
      got.push(await client.next(500));
    } catch {
      return got;
    }
  }
}

const postgresOnly = databaseKinds().includes("postgres") ? describe : describe.skip;

postgresOnly("chat client ids across two instances on PostgreSQL", () => {
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

  it("answers a repeat sent on the other instance with the stored message, delivered once", async () => {
    const [owner, shopper] = [await aSignedInUser(one), await aSignedInUser(one)];
    const shop = await aShop(one.db, { owner_id: owner.id, name: "Two Towns Radios" });
    const slug = await roomSlug(one, shop.id, shopper.key);
    const ownerOnTwo = await openChat(two, slug, owner.key);
    const shopperOnOne = await openChat(one, slug, shopper.key);
    const clientId = randomUUID();

    shopperOnOne.send({ message: "Sent on one", client_id: clientId });
    const first = (await shopperOnOne.next()).message;
    expect((await ownerOnTwo.next()).message).toEqual(first);

    // The phone's socket dropped and came back through the other instance.
    await shopperOnOne.close();
    const shopperOnTwo = await openChat(two, slug, shopper.key);
    shopperOnTwo.send({ message: "Sent on one", client_id: clientId });
    expect((await shopperOnTwo.next()).message).toEqual(first);
    expect(await ownerOnTwo.quiet(500)).toBe(true);
    const rows = await one.db
      .selectFrom("chat_messages")
      .select("id")
      .where("client_id", "=", clientId)
      .execute();
    expect(rows).toHaveLength(1);
    await shopperOnTwo.close();
    await ownerOnTwo.close();
  });
});
