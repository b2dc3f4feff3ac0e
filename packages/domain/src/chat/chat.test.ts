import { describe, expect, it } from "vitest";
import { messages } from "../messages.js";
import { ok, type Result } from "../result.js";
import { InMemoryStorage } from "../testing/in-memory-storage.js";
import {
  chatPartner,
  chatText,
  chatViewer,
  listChats,
  loadChatRoom,
  mergeMessages,
  sendChatPhoto,
} from "./chat.js";
import type { ChatGateway } from "./chat-gateway.js";
import type { ChatMessage } from "./chat-message.js";
import type { ChatRoom } from "./chat-room.js";
import { openChatWithShop } from "./open-chat.js";

const loginFirst = { ok: false, error: { kind: "not-logged-in", message: messages.common.loginFirst } };

const room: ChatRoom = {
  slug: "r1",
  messages: [],
  customer: { id: 7, name: "Amina", profilePicture: "/media/users/a.webp" },
  shop: { id: 3, name: "Kampala Phones", displayImage: "/media/shops/kp.webp", owner: 9 },
};

/** Records what the use cases ask, answering fixed values. */
function recordingGateway(asked: string[]): ChatGateway {
  const answer = <T>(what: string, value: T): Promise<Result<T>> => {
    asked.push(what);
    return Promise.resolve(ok(value));
  };
  return {
    listRooms: (token) => answer(`list ${token}`, []),
    openRoom: (token, shopId) => answer(`open ${token} ${shopId}`, "r1"),
    loadRoom: (token, slug, before) => answer(`load ${token} ${slug} ${before ?? "-"}`, room),
    markRead: (token, slug) => answer(`read ${token} ${slug}`, undefined),
    removeRoom: (token, slug) => answer(`remove ${token} ${slug}`, undefined),
    blockRoom: (token, slug) => answer(`block ${token} ${slug}`, undefined),
    unblockRoom: (token, slug) => answer(`unblock ${token} ${slug}`, undefined),
    listBlockedRooms: (token) => answer(`blocked ${token}`, []),
    sendPhoto: (token, slug, image) =>
      answer(`photo ${token} ${slug} ${image.fileName}`, {
        ...message("2026-03-05T08:00:00.000Z", ""),
        image: "/media/chat/p.webp",
      }),
  };
}

const message = (createdAt: string, text: string, senderId = 7): ChatMessage => ({
  message: text,
  senderId,
  product: null,
  createdAt,
});

describe("chat use cases", () => {
  it("open, list and load with the stored token; without one they ask nothing and say 'You need to login first'", async () => {
    const asked: string[] = [];
    const storage = new InMemoryStorage();
    storage.set("token", "abc");
    storage.set("userdid", 7);
    const ports = { storage, chat: recordingGateway(asked) };
    expect(await openChatWithShop(ports, 3)).toEqual(ok("r1"));
    expect(await listChats(ports)).toEqual(ok([]));
    expect(await loadChatRoom(ports, "r1", "2026-03-05T08:00:00.000Z")).toEqual(ok(room));
    expect(chatViewer(ports)).toEqual(ok(7));
    expect(asked).toEqual(["open abc 3", "list abc", "load abc r1 2026-03-05T08:00:00.000Z"]);

    const visitor = { storage: new InMemoryStorage(), chat: recordingGateway(asked) };
    expect(await openChatWithShop(visitor, 3)).toEqual(loginFirst);
    expect(await listChats(visitor)).toEqual(loginFirst);
    expect(await loadChatRoom(visitor, "r1")).toEqual(loginFirst);
    expect(asked).toHaveLength(3);
  });

  it("sends a photo with the stored token; a visitor is asked to log in first", async () => {
    const asked: string[] = [];
    const storage = new InMemoryStorage();
    storage.set("token", "abc");
    const photo = { fileName: "crack.jpg", contentType: "image/jpeg", bytes: new Uint8Array([1, 2, 3]) };
    const sent = await sendChatPhoto({ storage, chat: recordingGateway(asked) }, "r1", photo);
    expect(sent.ok && sent.value.image).toBe("/media/chat/p.webp");
    expect(asked).toEqual(["photo abc r1 crack.jpg"]);
    const visitor = { storage: new InMemoryStorage(), chat: recordingGateway(asked) };
    expect(await sendChatPhoto(visitor, "r1", photo)).toEqual(loginFirst);
    expect(asked).toHaveLength(1);
  });

  it("shows the customer to the shop owner and the shop to everyone else (spec §6)", () => {
    expect(chatPartner(room, 9)).toEqual({ name: "Amina", picture: "/media/users/a.webp", isCustomer: true });
    expect(chatPartner(room, 7)).toEqual({
      name: "Kampala Phones",
      picture: "/media/shops/kp.webp",
      isCustomer: false,
    });
  });

  it("takes a message trimmed, 1 to 2000 characters", () => {
    expect(chatText("  hello ")).toEqual(ok("hello"));
    expect(chatText("   ")).toEqual({
      ok: false,
      error: { kind: "invalid", message: messages.chat.messageBlank },
    });
    expect(chatText("x".repeat(2001))).toEqual({
      ok: false,
      error: { kind: "invalid", message: messages.chat.messageTooLong },
    });
    expect(chatText("x".repeat(2000)).ok).toBe(true);
  });

  it("merges what a reconnection fetched with what was shown: oldest first, no duplicates, no gaps", () => {
    const a = message("2026-03-05T08:00:00.000Z", "a");
    const b = message("2026-03-05T08:01:00.000Z", "b", 9);
    const c = message("2026-03-05T08:02:00.000Z", "c");
    const d = message("2026-03-05T08:03:00.000Z", "d", 9);
    expect(mergeMessages([a, b, d], [b, c, d])).toEqual([a, b, c, d]);
    expect(mergeMessages([], [])).toEqual([]);
    // Two photos in the same millisecond are two messages; the same photo again is one.
    const p1 = { ...message("2026-03-05T08:04:00.000Z", ""), image: "/media/chat/1.webp" };
    const p2 = { ...p1, image: "/media/chat/2.webp" };
    expect(mergeMessages([p1], [p1, p2])).toEqual([p1, p2]);
  });
});
