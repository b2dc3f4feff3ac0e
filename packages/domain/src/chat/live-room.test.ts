import { describe, expect, it } from "vitest";
import { messages } from "../messages.js";
import { FixedClock } from "../testing/fixed-clock.js";
import { InMemoryChat, type InMemoryChatRoom } from "../testing/in-memory-chat.js";
import type { ChatMessage } from "./chat-message.js";
import { LiveRoom, type LiveRoomSnapshot } from "./live-room.js";
import { MemoryOutbox, type Outbox, type OutboxEntry } from "./outbox.js";
import { RECONNECT_CAP_MS } from "./reconnect-delay.js";

const ME = 7;
const SHOP = 9;

const said = (minute: number, text: string, senderId = SHOP): ChatMessage => ({
  message: text,
  senderId,
  product: null,
  image: null,
  createdAt: new Date(Date.UTC(2024, 2, 5, 9, minute)).toISOString(),
});

function aRoom(messages: ChatMessage[] = []): InMemoryChatRoom {
  return {
    slug: "room-1",
    customer: { id: ME, name: "Amina", profilePicture: null },
    shop: { id: 3, name: "Kampala Phones", displayImage: null, owner: SHOP },
    messages,
    unreadCount: 0,
  };
}

/** Lets the fake's connections open and the room's fetches answer (all on promises, no timers). */
async function settle(): Promise<void> {
  for (let i = 0; i < 20; i++) await Promise.resolve();
}

async function joined(history: ChatMessage[] = [], random = () => 0, outbox?: Outbox) {
  const clock = new FixedClock(new Date(Date.UTC(2024, 2, 5, 10, 0)));
  const chat = new InMemoryChat([aRoom(history)], [], ME, () => clock.now());
  const room = LiveRoom.join(
    { chat, sockets: chat, clock, random, ...(outbox === undefined ? {} : { outbox }) },
    { slug: "room-1", token: "t", viewerId: ME, messages: history },
  );
  const states: string[] = [];
  room.subscribe(() => states.push(room.getSnapshot().connection.state));
  await settle();
  return { clock, chat, room, states };
}

const texts = (snapshot: LiveRoomSnapshot) => snapshot.messages.map((m) => m.message);

describe("a live chat room", () => {
  it("opens, and shows what arrives live, each once, as 'live'", async () => {
    const { chat, room } = await joined([said(1, "Hello")]);
    expect(room.getSnapshot().connection).toEqual({ state: "open" });
    chat.deliver("room-1", said(2, "Still there?"));
    expect(texts(room.getSnapshot())).toEqual(["Hello", "Still there?"]);
    expect(room.getSnapshot().messages.map((m) => m.live)).toEqual([false, true]);
  });

  it("after a drop tries again with growing pauses, capped, for as long as it takes", async () => {
    const { clock, chat, room } = await joined();
    chat.reachable = false;
    chat.dropAll();
    const pauses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const state = room.getSnapshot().connection;
      if (state.state !== "reconnecting" || state.nextAttemptAt === null) throw new Error(state.state);
      const pause = state.nextAttemptAt.getTime() - clock.now().getTime();
      pauses.push(pause);
      clock.advance(pause);
      await settle();
    }
    expect(pauses).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, RECONNECT_CAP_MS, RECONNECT_CAP_MS, 30_000]);
    // The signal comes back: the next attempt opens.
    chat.reachable = true;
    clock.advance(clock.nextTimerIn ?? 0);
    await settle();
    expect(room.getSnapshot().connection).toEqual({ state: "open" });
    expect(chat.live).toBe(1);
  });

  it("tries again at once when the device says its network is back, whatever the pause had grown to", async () => {
    const { clock, chat, room } = await joined();
    chat.reachable = false;
    chat.dropAll();
    room.send("Typed in a dead zone");
    for (let i = 0; i < 6; i++) {
      clock.advance(clock.nextTimerIn ?? 0);
      await settle();
    }
    expect(clock.nextTimerIn).toBe(RECONNECT_CAP_MS);
    chat.reachable = true;
    room.reconnectNow();
    await settle();
    expect(room.getSnapshot().connection).toEqual({ state: "open" });
    expect(chat.sent.map((s) => s.message)).toEqual(["Typed in a dead zone"]);
    // Open already: nothing more happens.
    room.reconnectNow();
    await settle();
    expect(chat.connections).toHaveLength(8);
  });

  it("shortens each pause at random by up to half", async () => {
    const { clock, chat, room } = await joined([], () => 0.999);
    chat.dropAll();
    const state = room.getSnapshot().connection;
    expect(state.state === "reconnecting" && state.nextAttemptAt!.getTime() - clock.now().getTime()).toBe(
      500,
    );
  });

  it("on reconnecting fetches what was said meanwhile and merges it in order, each once", async () => {
    const { clock, chat, room } = await joined([said(1, "Hello")]);
    chat.dropAll();
    // Said while this side was away: stored, not delivered to it.
    chat.rooms[0]!.messages.push(said(3, "Are you there?"), said(4, "Hello?"));
    clock.advance(1_000);
    await settle();
    expect(texts(room.getSnapshot())).toEqual(["Hello", "Are you there?", "Hello?"]);
    chat.deliver("room-1", said(5, "Back"));
    chat.dropAll();
    clock.advance(1_000);
    await settle();
    expect(texts(room.getSnapshot())).toEqual(["Hello", "Are you there?", "Hello?", "Back"]);
  });

  it("keeps what is sent while down, shown as waiting, and sends it in order, once, when back", async () => {
    const { clock, chat, room } = await joined();
    chat.dropAll();
    expect(room.send("  First  ").ok).toBe(true);
    room.send("Second");
    expect(room.getSnapshot().pending.map((p) => [p.text, p.sending])).toEqual([
      ["First", false],
      ["Second", false],
    ]);
    expect(chat.sent).toEqual([]);
    clock.advance(1_000);
    await settle();
    expect(chat.sent.map((s) => s.message)).toEqual(["First", "Second"]);
    expect(texts(room.getSnapshot())).toEqual(["First", "Second"]);
    expect(room.getSnapshot().pending).toEqual([]);
    chat.dropAll();
    clock.advance(1_000);
    await settle();
    expect(chat.sent).toHaveLength(2);
  });

  it("refuses a blank message before sending it", async () => {
    const { chat, room } = await joined();
    const blank = room.send("   ");
    expect(!blank.ok && blank.error).toEqual({ kind: "invalid", message: messages.chat.messageBlank });
    expect(chat.sent).toEqual([]);
  });

  it("says why the service refused a message, and keeps it as failed, not sent again", async () => {
    const { clock, chat, room } = await joined();
    const sent = room.send("Look at this", "no-such-product");
    expect(sent.ok).toBe(true);
    const refusal = { error: messages.chat.productNotFound, code: "product_not_found" };
    expect(room.getSnapshot().refusal).toEqual(refusal);
    expect(room.getSnapshot().pending.map((p) => [p.text, p.failed])).toEqual([["Look at this", refusal]]);
    chat.deliver("room-1", said(2, "Which one?"));
    expect(room.getSnapshot().refusal).toBeNull();
    chat.dropAll();
    clock.advance(1_000);
    await settle();
    expect(chat.sent).toHaveLength(1);
  });

  it("gives each message a client id and sends one the dropped socket swallowed again: stored once", async () => {
    const { clock, chat, room } = await joined();
    // Stored by the service, but the socket dies before its answer comes back.
    chat.echo = false;
    room.send("Is it still for sale?");
    room.send("I can pick it up today");
    expect(room.getSnapshot().pending.map((p) => [p.text, p.sending])).toEqual([
      ["Is it still for sale?", true],
      ["I can pick it up today", true],
    ]);
    chat.dropAll();
    chat.echo = true;
    expect(room.getSnapshot().pending.map((p) => p.sending)).toEqual([false, false]);
    clock.advance(1_000);
    await settle();
    const [first, second] = room.getSnapshot().pending;
    expect(first).toBeUndefined();
    expect(second).toBeUndefined();
    // Sent twice each, with the same id; stored and shown once each, in order.
    expect(chat.sent.map((s) => s.message)).toEqual([
      "Is it still for sale?",
      "I can pick it up today",
      "Is it still for sale?",
      "I can pick it up today",
    ]);
    expect(chat.sent[0]!.clientId).toMatch(/^[0-9a-f-]{36}$/);
    expect(chat.sent[2]!.clientId).toBe(chat.sent[0]!.clientId);
    expect(chat.sent[1]!.clientId).not.toBe(chat.sent[0]!.clientId);
    expect(chat.rooms[0]!.messages.map((m) => m.message)).toEqual([
      "Is it still for sale?",
      "I can pick it up today",
    ]);
    expect(texts(room.getSnapshot())).toEqual(["Is it still for sale?", "I can pick it up today"]);
  });

  it("marks a message refused in a blocked room failed: retry sends it again, delete drops it", async () => {
    const { chat, room } = await joined();
    chat.blocks.set("room-1", new Map([[SHOP, "2024-03-05T09:00:00.000Z"]]));
    room.send("Hello?");
    const [failed] = room.getSnapshot().pending;
    expect(failed?.failed?.code).toBe("blocked");
    // Unblocked: retry sends it, with the same id.
    chat.blocks.delete("room-1");
    expect(room.retry(failed!.clientId)).toBe(true);
    expect(room.getSnapshot().pending).toEqual([]);
    expect(chat.sent.map((s) => s.clientId)).toEqual([failed!.clientId, failed!.clientId]);
    expect(texts(room.getSnapshot())).toEqual(["Hello?"]);

    chat.blocks.set("room-1", new Map([[SHOP, "2024-03-05T09:00:00.000Z"]]));
    room.send("Please reply");
    const [again] = room.getSnapshot().pending;
    room.discard(again!.clientId);
    expect(room.getSnapshot().pending).toEqual([]);
    expect(room.retry(again!.clientId)).toBe(false);
    expect(chat.sent).toHaveLength(3);
  });

  it("keeps what waits when the room is left, and sends it once when it is opened again", async () => {
    const outbox = new MemoryOutbox();
    const first = await joined([], () => 0, outbox);
    first.chat.dropAll();
    first.room.send("Typed in a dead zone");
    await first.room.close();
    expect(outbox.list("room-1").map((e) => e.text)).toEqual(["Typed in a dead zone"]);

    const next = await joined([], () => 0, outbox);
    expect(next.chat.sent.map((s) => s.message)).toEqual(["Typed in a dead zone"]);
    expect(texts(next.room.getSnapshot())).toEqual(["Typed in a dead zone"]);
    expect(next.room.getSnapshot().pending).toEqual([]);
    expect(outbox.list("room-1")).toEqual([]);
  });

  it("reads a slow (persistent) outbox first: its entries go before what is typed meanwhile", async () => {
    const memory = new MemoryOutbox();
    const kept: OutboxEntry = {
      clientId: "0b0e5b5e-1111-4c1a-9d2e-000000000001",
      slug: "room-1",
      senderId: ME,
      text: "From before the reload",
      queuedAt: 1,
    };
    memory.put(kept);
    // Another user's on the same phone, and another room's, stay where they are.
    memory.put({ ...kept, clientId: "0b0e5b5e-1111-4c1a-9d2e-000000000002", senderId: 99 });
    memory.put({ ...kept, clientId: "0b0e5b5e-1111-4c1a-9d2e-000000000003", slug: "room-2" });
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const slow: Outbox = {
      list: async (slug) => {
        await gate;
        return memory.list(slug);
      },
      put: async (entry) => memory.put(entry),
      remove: async (id) => memory.remove(id),
    };
    const { chat, room } = await joined([], () => 0, slow);
    room.send("Typed just now");
    expect(chat.sent).toEqual([]);
    expect(room.getSnapshot().pending.map((p) => p.text)).toEqual(["Typed just now"]);
    release();
    await settle();
    expect(chat.sent.map((s) => s.message)).toEqual(["From before the reload", "Typed just now"]);
    expect(room.getSnapshot().pending).toEqual([]);
    expect(memory.list("room-1").map((e) => e.senderId)).toEqual([99]);
    expect(memory.list("room-2")).toHaveLength(1);
  });

  it("does not send again what the history shows was stored", async () => {
    const outbox = new MemoryOutbox();
    const clientId = "0b0e5b5e-1111-4c1a-9d2e-00000000000a";
    outbox.put({ clientId, slug: "room-1", senderId: ME, text: "Arrived", queuedAt: 1 });
    const { chat, room } = await joined([{ ...said(1, "Arrived", ME), clientId }], () => 0, outbox);
    expect(chat.sent).toEqual([]);
    expect(room.getSnapshot().pending).toEqual([]);
  });

  it("marks what waits failed when the room is gone", async () => {
    const { clock, chat, room } = await joined();
    chat.dropAll();
    room.send("Are you there?");
    expect(room.getSnapshot().pending.map((p) => p.failed)).toEqual([undefined]);
    chat.rooms = [];
    clock.advance(1_000);
    await settle();
    expect(room.getSnapshot().connection).toEqual({ state: "closed", reason: "gone" });
    expect(room.getSnapshot().pending.map((p) => p.failed)).toEqual([
      { error: messages.chat.roomNotFound, code: "gone" },
    ]);
    expect(chat.sent).toEqual([]);
  });

  it("marks the room read on opening and on each message of the other side; leaving says it over HTTP", async () => {
    const { chat, room } = await joined();
    expect(chat.socketReads).toEqual(["room-1"]);
    room.send("Hi");
    expect(chat.socketReads).toEqual(["room-1"]);
    chat.rooms[0]!.unreadCount = 1;
    chat.deliver("room-1", said(2, "Hello Amina"));
    expect(chat.socketReads).toEqual(["room-1", "room-1"]);
    expect(await room.close()).toBe(true);
  });

  it("says nothing over HTTP on leaving when nothing of the other side arrived", async () => {
    const { chat, room } = await joined();
    let httpReads = 0;
    chat.markRead = async () => {
      httpReads += 1;
      return { ok: true, value: undefined };
    };
    room.send("Hi");
    expect(await room.close()).toBe(false);
    expect(httpReads).toBe(0);
    expect(room.getSnapshot().connection).toEqual({ state: "closed", reason: "left" });
    expect(chat.live).toBe(0);
  });

  it("stops for good when the service closes the room (4403), and when the room is gone", async () => {
    const removed = await joined();
    removed.chat.dropAll(4403);
    expect(removed.room.getSnapshot().connection).toEqual({ state: "closed", reason: "gone" });
    expect(removed.clock.nextTimerIn).toBeUndefined();
    expect(removed.room.send("Hello?").ok).toBe(false);

    // A refused upgrade looks like a lost network: the room itself says it is gone.
    const gone = await joined();
    gone.chat.rooms = [];
    gone.chat.dropAll();
    gone.clock.advance(1_000);
    await settle();
    expect(gone.room.getSnapshot().connection).toEqual({ state: "closed", reason: "gone" });
    expect(gone.clock.nextTimerIn).toBeUndefined();
  });

  it("goes on trying while the service cannot be reached at all", async () => {
    const { clock, chat, room, states } = await joined();
    chat.reachable = false;
    chat.failures.set("loadRoom", { kind: "network" });
    chat.dropAll();
    for (let i = 0; i < 5; i++) {
      clock.advance(clock.nextTimerIn ?? 0);
      await settle();
    }
    expect(room.getSnapshot().connection.state).toBe("reconnecting");
    expect(states).not.toContain("closed");
  });

  it("stops trying once left", async () => {
    const { clock, chat, room } = await joined();
    chat.dropAll();
    await room.close();
    clock.advance(60_000);
    await settle();
    expect(chat.connections).toHaveLength(1);
    expect(room.getSnapshot().connection).toEqual({ state: "closed", reason: "left" });
  });
});
