import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { aShop, aUser } from "../testing/fixtures.js";
import { databaseKinds, startTestServer, type TestServer } from "../testing/test-server.js";
import { ChatMessageRepository, type NewMessage } from "./chat-message-repository.js";
import { ChatRepository, type RoomAccess } from "./chat-repository.js";
import { ChatWriter } from "./chat-writer.js";

// The socket's batched writes (chat-writer.ts) on both databases: many messages at once take few
// statements, and each room's history keeps the order they were written in; one message that cannot
// be stored fails alone.

describe.each(databaseKinds())("the chat writer (%s)", (kind) => {
  let server: TestServer;
  let rooms: ChatRepository;
  let messages: ChatMessageRepository;
  let a: RoomAccess;
  let b: RoomAccess;
  const statements: number[] = [];

  beforeAll(async () => {
    server = await startTestServer({ database: kind, seed: "none" });
    rooms = new ChatRepository(server.db);
    messages = new ChatMessageRepository(server.db);
    const addMessages = messages.addMessages.bind(messages);
    messages.addMessages = (items, notify) => {
      statements.push(items.length);
      return addMessages(items, notify);
    };
    const access = async (): Promise<RoomAccess> => {
      const [customer, owner] = [await aUser(server.db), await aUser(server.db)];
      const shop = await aShop(server.db, { owner_id: owner.id });
      const slug = await rooms.roomFor(customer.id, shop.id);
      return (await rooms.participantRoom(slug, customer.id))!;
    };
    a = await access();
    b = await access();
  });
  afterAll(() => server?.close());

  it("stores 60 messages sent at once in a few statements, each room's in the order written", async () => {
    const writer = new ChatWriter(messages);
    const items: NewMessage[] = Array.from({ length: 60 }, (_, i) => {
      const room = i % 2 === 0 ? a : b;
      return { room, senderId: i % 3 === 0 ? room.ownerId : room.customerId, text: `message ${i}` };
    });
    const stored = await Promise.all(items.map((item) => writer.write(item)));
    expect(stored.map((s) => s.wire.message)).toEqual(items.map((i) => i.text));
    expect(stored.map((s) => s.roomId)).toEqual(items.map((i) => i.room.id));
    expect(statements.length).toBeLessThanOrEqual(3);
    expect(statements.reduce((n, s) => n + s, 0)).toBe(60);

    const history = await rooms.room(a, 100);
    expect(history.messages.map((m) => m.message)).toEqual(
      items.filter((i) => i.room === a).map((i) => i.text),
    );
    expect(history.messages.map((m) => m.sender_id)).toEqual(
      items.filter((i) => i.room === a).map((i) => i.senderId),
    );
    // Both sides wrote in room a: neither has anything unread there.
    const list = await rooms.roomsOf(a.customerId);
    expect(list[0]).toMatchObject({ slug: a.slug, unread_count: 0 });
  });

  it.runIf(kind === "postgres")(
    "tells the channel of every stored message with its wire, in the order stored",
    async () => {
      const listener = new pg.Client({ connectionString: server.config.databaseUrl });
      await listener.connect();
      const heard: string[] = [];
      listener.on("notification", (n) => heard.push(n.payload ?? ""));
      await listener.query("LISTEN chat_writer_test");
      try {
        const writer = new ChatWriter(messages, "chat_writer_test");
        const items: NewMessage[] = Array.from({ length: 40 }, (_, i) => {
          const room = i % 2 === 0 ? a : b;
          return { room, senderId: room.customerId, text: `told ${i}` };
        });
        // One too long for a notification with its wire (PostgreSQL takes under 8000 bytes): its ids only.
        items.push({ room: a, senderId: a.customerId, text: "🌍".repeat(2000) });
        const stored = await Promise.all(items.map((item) => writer.write(item)));
        await expect.poll(() => heard.length).toBe(41);
        expect(heard).toEqual(
          stored.map((m, i) =>
            i < 40 ? `${m.roomId}:${m.id}:${JSON.stringify(m.wire)}` : `${m.roomId}:${m.id}`,
          ),
        );
      } finally {
        await listener.end();
      }
    },
  );

  it.runIf(kind === "postgres")(
    "stores two instances' batches over the same rooms at once without either failing",
    async () => {
      // Two instances (a customer's socket on one, the owner's on the other) each write a batch for
      // many of the same rooms at the same moment, in different orders and sizes. Each must be stored
      // at once: neither may wait for the other until PostgreSQL's deadlock check fails it.
      const more: RoomAccess[] = [];
      for (let i = 0; i < 200; i++) {
        const [customer, owner] = [await aUser(server.db), await aUser(server.db)];
        const shop = await aShop(server.db, { owner_id: owner.id });
        more.push((await rooms.participantRoom(await rooms.roomFor(customer.id, shop.id), customer.id))!);
      }
      let seed = 7;
      const random = () => {
        seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
        return seed / 2_147_483_648;
      };
      const batch = (by: "customer" | "owner"): NewMessage[] => {
        const share = random();
        return more
          .filter(() => random() < share)
          .sort(() => random() - 0.5)
          .map((room) => ({
            room,
            senderId: by === "customer" ? room.customerId : room.ownerId,
            text: `from the ${by}`,
          }));
      };
      const failures: unknown[] = [];
      // Four writers (the test server's pool) for two seconds, each starting its next batch at once.
      const until = Date.now() + 2000;
      const writer = async (by: "customer" | "owner") => {
        while (Date.now() < until) {
          await messages.addMessages(batch(by)).catch((error: unknown) => failures.push(error));
        }
      };
      await Promise.all([writer("customer"), writer("owner"), writer("customer"), writer("owner")]);
      expect(failures.map((f) => String(f))).toEqual([]);
    },
  );

  it("fails only the message that cannot be stored", async () => {
    const writer = new ChatWriter(messages);
    const gone: RoomAccess = { ...a, id: 2_000_000_000 };
    const results = await Promise.allSettled([
      writer.write({ room: a, senderId: a.customerId, text: "before" }),
      writer.write({ room: gone, senderId: a.customerId, text: "lost" }),
      writer.write({ room: b, senderId: b.customerId, text: "after" }),
    ]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect((await rooms.room(b, 1)).messages.map((m) => m.message)).toEqual(["after"]);
  });
});
