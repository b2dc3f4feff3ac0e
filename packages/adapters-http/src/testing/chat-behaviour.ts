import {
  CHAT_MESSAGE_MAX,
  type ChatConnection,
  type ChatConnector,
  type ChatGateway,
  type ChatListener,
  type ChatMessage,
  chatBlockingMessages,
  chatMessageKey,
  messages,
  type Result,
} from "@katale/domain";
import { expect, it, vi } from "vitest";
import { samplePng } from "./seller-behaviour.js";

// What the chat ports must do (issue 11), the room calls and the room's socket together, run
// against the domain's in-memory fake (unit) and against the HTTP gateway and the WebSocket
// connector on the real server (tests/adapters/chat-behaviour.int.test.ts), so the fake the
// clients' tests (and the LiveRoom's) run on cannot drift from the server.

export interface ChatParty {
  readonly token: string;
  readonly id: number;
}

/** A new room between `me` (the customer) and a shop owned by `other`, without messages. */
export interface ChatRoomFixture {
  readonly slug: string;
  readonly shopId: number;
  readonly me: ChatParty;
  readonly other: ChatParty;
  /** A product of the shop whose card a message can carry. */
  readonly productSlug: string;
}

export interface ChatFixture {
  readonly chat: ChatGateway;
  readonly sockets: ChatConnector;
  readonly newRoom: () => Promise<ChatRoomFixture>;
  /** The other party says `text` in the room, and it is stored (another device's socket, say). */
  readonly otherSays: (room: ChatRoomFixture, text: string) => Promise<void>;
}

function value<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`expected success, got ${JSON.stringify(result.error)}`);
  return result.value;
}

/** What the service does over a socket takes a moment on the real server: wait as a user would. */
const soon = (check: () => void | Promise<void>) => vi.waitFor(check, { timeout: 10_000, interval: 20 });

/** A socket to the room, with everything it heard. */
function listen(sockets: ChatConnector, slug: string, token: string) {
  const heard = {
    opened: false,
    messages: [] as ChatMessage[],
    refusals: [] as string[],
    codes: [] as (string | undefined)[],
    closed: undefined as number | undefined,
  };
  const listener: ChatListener = {
    onOpen: () => {
      heard.opened = true;
    },
    onMessage: (m) => heard.messages.push(m),
    onRefused: (e, code) => {
      heard.refusals.push(e);
      heard.codes.push(code);
    },
    onClose: (code) => {
      heard.closed = code;
    },
  };
  const connection: ChatConnection = sockets.connect(slug, token, listener);
  return { heard, connection };
}

async function opened(sockets: ChatConnector, slug: string, token: string) {
  const socket = listen(sockets, slug, token);
  await soon(() => expect(socket.heard.opened).toBe(true));
  return socket;
}

export function itBehavesLikeChatPorts(fixture: () => ChatFixture): void {
  it("hands a sent message back to the sender, trimmed, with its card, as the history stores it", async () => {
    const { chat, sockets, newRoom } = fixture();
    const room = await newRoom();
    const mine = await opened(sockets, room.slug, room.me.token);
    mine.connection.send("  Do you have this one?  ", room.productSlug);
    await soon(() => expect(mine.heard.messages).toHaveLength(1));
    const [echo] = mine.heard.messages;
    expect(echo).toMatchObject({
      message: "Do you have this one?",
      senderId: room.me.id,
      product: { slug: room.productSlug },
      image: null,
    });
    const stored = value(await chat.loadRoom(room.me.token, room.slug)).messages;
    // The same message by the key clients merge on: history and socket never show it twice.
    expect(stored.map(chatMessageKey)).toEqual(mine.heard.messages.map(chatMessageKey));
    expect(stored).toEqual(mine.heard.messages);
    mine.connection.close();
  });

  it("stores a message sent again with its client id once, and hands the stored one back to its sender alone", async () => {
    const { chat, sockets, newRoom } = fixture();
    const room = await newRoom();
    const mine = await opened(sockets, room.slug, room.me.token);
    const theirs = await opened(sockets, room.slug, room.other.token);
    const clientId = "5f0c7f8e-3b9a-4c1d-8e2f-6a7b8c9d0e1f";
    mine.connection.send("Deal at 40,000?", undefined, clientId);
    await soon(() => expect(theirs.heard.messages).toHaveLength(1));
    expect(theirs.heard.messages[0]).toMatchObject({ message: "Deal at 40,000?", clientId });
    // Sent again (its socket seemed lost), from a new socket.
    const again = await opened(sockets, room.slug, room.me.token);
    again.connection.send("Deal at 40,000?", undefined, clientId);
    await soon(() => expect(again.heard.messages).toHaveLength(1));
    expect(again.heard.messages[0]).toEqual(theirs.heard.messages[0]);
    const stored = value(await chat.loadRoom(room.me.token, room.slug)).messages;
    expect(stored).toEqual([theirs.heard.messages[0]]);
    // The other side heard it once (a new message after it arrives alone).
    mine.connection.send("Still here?");
    await soon(() => expect(theirs.heard.messages).toHaveLength(2));
    expect(theirs.heard.messages.map((m) => m.message)).toEqual(["Deal at 40,000?", "Still here?"]);
    for (const socket of [mine, theirs, again]) socket.connection.close();
  });

  it("refuses blank, too long and unknown-product frames with the reason; the socket stays open", async () => {
    const { chat, sockets, newRoom } = fixture();
    const room = await newRoom();
    const mine = await opened(sockets, room.slug, room.me.token);
    mine.connection.send("   ");
    mine.connection.send("x".repeat(CHAT_MESSAGE_MAX + 1));
    mine.connection.send("Look", "no-such-product");
    await soon(() => expect(mine.heard.refusals).toHaveLength(3));
    expect(mine.heard.refusals).toEqual([
      messages.chat.messageBlank,
      messages.chat.messageTooLong,
      messages.chat.productNotFound,
    ]);
    mine.connection.send("Still here");
    await soon(() => expect(mine.heard.messages.map((m) => m.message)).toEqual(["Still here"]));
    expect(mine.heard.closed).toBeUndefined();
    expect(value(await chat.loadRoom(room.me.token, room.slug)).messages).toHaveLength(1);
    mine.connection.close();
  });

  it("delivers the other side's message live; it is unread until the socket says the room is read", async () => {
    const { chat, sockets, newRoom, otherSays } = fixture();
    const room = await newRoom();
    const mine = await opened(sockets, room.slug, room.me.token);
    await otherSays(room, "Yes, in stock");
    await soon(() => expect(mine.heard.messages.map((m) => m.message)).toEqual(["Yes, in stock"]));
    expect(mine.heard.messages[0]?.senderId).toBe(room.other.id);
    const unread = async () =>
      value(await chat.listRooms(room.me.token)).find((r) => r.slug === room.slug)?.unreadCount;
    expect(await unread()).toBe(1);
    mine.connection.markRead();
    await soon(async () => expect(await unread()).toBe(0));
    mine.connection.close();
  });

  it("answers what was said while a socket was away, oldest first, and pages back before a time", async () => {
    const { chat, sockets, newRoom, otherSays } = fixture();
    const room = await newRoom();
    await otherSays(room, "First");
    await otherSays(room, "Second");
    const all = value(await chat.loadRoom(room.me.token, room.slug)).messages;
    expect(all.map((m) => m.message)).toEqual(["First", "Second"]);
    const before = value(await chat.loadRoom(room.me.token, room.slug, all[1]!.createdAt)).messages;
    expect(before.map((m) => m.message)).toEqual(["First"]);
    // A socket opened afterwards hears only what is said from then on.
    const mine = await opened(sockets, room.slug, room.me.token);
    await otherSays(room, "Third");
    await soon(() => expect(mine.heard.messages.map((m) => m.message)).toEqual(["Third"]));
    mine.connection.close();
  });

  it("never opens a socket to an unknown room, and closes it abnormally", async () => {
    const { sockets, newRoom } = fixture();
    const room = await newRoom();
    const lost = listen(sockets, "no-such-room", room.me.token);
    await soon(() => expect(lost.heard.closed).toBe(1006));
    expect(lost.heard.opened).toBe(false);
  });

  it("closes the sockets of a removed room with 4403, and the room is then not found", async () => {
    const { chat, sockets, newRoom } = fixture();
    const room = await newRoom();
    const mine = await opened(sockets, room.slug, room.me.token);
    value(await chat.removeRoom(room.me.token, room.slug));
    await soon(() => expect(mine.heard.closed).toBe(4403));
    const gone = await chat.loadRoom(room.me.token, room.slug);
    expect(!gone.ok && gone.error.kind).toBe("not-found");
  });

  it("a blocked room refuses both sides' messages with code `blocked`, over the socket and for photos", async () => {
    const { chat, sockets, newRoom } = fixture();
    const room = await newRoom();
    const mine = await opened(sockets, room.slug, room.me.token);
    const theirs = await opened(sockets, room.slug, room.other.token);
    value(await chat.blockRoom(room.me.token, room.slug));
    // Again: nothing changes.
    value(await chat.blockRoom(room.me.token, room.slug));
    theirs.connection.send("Pay a deposit first");
    await soon(() => expect(theirs.heard.codes).toEqual(["blocked"]));
    expect(theirs.heard.refusals).toEqual([chatBlockingMessages.blockedByOther]);
    mine.connection.send("Bye");
    await soon(() => expect(mine.heard.codes).toEqual(["blocked"]));
    expect(mine.heard.refusals).toEqual([chatBlockingMessages.blockedByYou]);
    const photo = await chat.sendPhoto(room.other.token, room.slug, samplePng(1));
    expect(!photo.ok && photo.error.kind).toBe("forbidden");
    expect(mine.heard.messages).toEqual([]);
    const loaded = value(await chat.loadRoom(room.me.token, room.slug));
    expect(loaded.messages).toEqual([]);
    expect(loaded.blockedBy).toBe("you");
    expect(value(await chat.loadRoom(room.other.token, room.slug)).blockedBy).toBe("them");
    mine.connection.close();
    theirs.connection.close();
  });

  it("a blocked room leaves the blocker's list for their blocked list; unblocking brings it and its messages back", async () => {
    const { chat, sockets, newRoom } = fixture();
    const room = await newRoom();
    value(await chat.blockRoom(room.me.token, room.slug));
    expect(value(await chat.listRooms(room.me.token)).map((r) => r.slug)).not.toContain(room.slug);
    const blocked = value(await chat.listBlockedRooms(room.me.token));
    expect(blocked.map((r) => r.slug)).toContain(room.slug);
    expect(blocked.find((r) => r.slug === room.slug)).toMatchObject({
      customer: { id: room.me.id },
      shop: { id: room.shopId, owner: room.other.id },
    });

    value(await chat.unblockRoom(room.me.token, room.slug));
    value(await chat.unblockRoom(room.me.token, room.slug));
    expect(value(await chat.listRooms(room.me.token)).map((r) => r.slug)).toContain(room.slug);
    expect(value(await chat.listBlockedRooms(room.me.token)).map((r) => r.slug)).not.toContain(room.slug);
    expect(value(await chat.loadRoom(room.me.token, room.slug)).blockedBy ?? null).toBeNull();
    const mine = await opened(sockets, room.slug, room.me.token);
    const theirs = await opened(sockets, room.slug, room.other.token);
    theirs.connection.send("Welcome back");
    await soon(() => expect(mine.heard.messages.map((m) => m.message)).toEqual(["Welcome back"]));
    expect(mine.heard.messages[0]?.senderId).toBe(room.other.id);
    mine.connection.close();
    theirs.connection.close();
  });

  it("blocking or unblocking a room that is not the user's answers not-found", async () => {
    const { chat, newRoom } = fixture();
    const room = await newRoom();
    for (const answer of [
      await chat.blockRoom(room.me.token, "no-such-room"),
      await chat.unblockRoom(room.me.token, "no-such-room"),
    ])
      expect(!answer.ok && answer.error.kind).toBe("not-found");
  });
}
