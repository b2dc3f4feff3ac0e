import { type SessionPorts, signedInToken, signedInUser } from "../engagement/signed-in.js";
import type { ImageUpload } from "../media/image-upload.js";
import { messages } from "../messages.js";
import { err, ok, type Result } from "../result.js";
import { CHAT_MESSAGE_MAX, type ChatMessage } from "./chat-message.js";
import type { ChatBlockedRoom, ChatRoom, ChatRoomSummary } from "./chat-room.js";
import type { ChatPorts } from "./open-chat.js";

// Chat use cases (spec §2 Chat, §4, §6; issue 11). Without a stored token they stop before calling
// anything ('You need to login first': the login-needed popup).

/** The chat list ('Chats', /account/chat), as the server orders it. */
export async function listChats(ports: ChatPorts): Promise<Result<ChatRoomSummary[]>> {
  const token = signedInToken(ports.storage);
  if (!token.ok) return token;
  return ports.chat.listRooms(token.value);
}

/** A room with its latest messages, or older ones before `before` (an ISO time). */
export async function loadChatRoom(
  ports: ChatPorts,
  slug: string,
  before?: string,
): Promise<Result<ChatRoom>> {
  const token = signedInToken(ports.storage);
  if (!token.ok) return token;
  return ports.chat.loadRoom(token.value, slug, before);
}

/** The room is read (leaving it: the connection's own, spaced-out read may not have landed). */
export async function markChatRead(ports: ChatPorts, slug: string): Promise<Result<void>> {
  const token = signedInToken(ports.storage);
  if (!token.ok) return token;
  return ports.chat.markRead(token.value, slug);
}

/** The picture icon in a room: the photo goes to the room (and arrives on its connections). */
export async function sendChatPhoto(
  ports: ChatPorts,
  slug: string,
  image: ImageUpload,
): Promise<Result<ChatMessage>> {
  const token = signedInToken(ports.storage);
  if (!token.ok) return token;
  return ports.chat.sendPhoto(token.value, slug, image);
}

/** Who the viewer talks to (spec §6): the customer when the viewer owns the shop, otherwise the shop. */
export function chatPartner(
  room: Pick<ChatRoom, "customer" | "shop">,
  viewerId: number,
): { name: string; picture: string | null; isCustomer: boolean } {
  return room.shop.owner === viewerId
    ? { name: room.customer.name, picture: room.customer.profilePicture, isCustomer: true }
    : { name: room.shop.name, picture: room.shop.displayImage, isCustomer: false };
}

/** The signed-in user's id, for chatPartner and own/other alignment. */
export function chatViewer(ports: SessionPorts): Result<number> {
  const user = signedInUser(ports.storage);
  return user.ok ? ok(user.value.userId) : user;
}

/** The text as the server takes it (trimmed, 1..2000 characters), or 'invalid' with the words why. */
export function chatText(text: string): Result<string> {
  const trimmed = text.trim();
  if (trimmed.length === 0) return err({ kind: "invalid", message: messages.chat.messageBlank });
  if (trimmed.length > CHAT_MESSAGE_MAX)
    return err({ kind: "invalid", message: messages.chat.messageTooLong });
  return ok(trimmed);
}

/** What makes a message the same one when it comes twice (history and socket): time, sender, text, picture. */
export const chatMessageKey = (m: ChatMessage): string =>
  `${m.createdAt}\u0000${m.senderId}\u0000${m.message}\u0000${m.image ?? ""}`;

/**
 * The conversation after a reconnection or a page back: both lists merged, oldest first, each
 * message once (the same time, sender, text and picture are the same message).
 */
export function mergeMessages(
  known: readonly ChatMessage[],
  incoming: readonly ChatMessage[],
): ChatMessage[] {
  const byKey = new Map<string, ChatMessage>();
  for (const m of [...known, ...incoming]) byKey.set(chatMessageKey(m), m);
  return [...byKey.values()].sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt));
}

/** "Block" in a room's menu: no message flows in it and it leaves the chat list until unblocked. */
export async function blockChat(ports: ChatPorts, slug: string): Promise<Result<void>> {
  const token = signedInToken(ports.storage);
  if (!token.ok) return token;
  return ports.chat.blockRoom(token.value, slug);
}

/** "Unblock" in a room's menu or the settings' blocked list. */
export async function unblockChat(ports: ChatPorts, slug: string): Promise<Result<void>> {
  const token = signedInToken(ports.storage);
  if (!token.ok) return token;
  return ports.chat.unblockRoom(token.value, slug);
}

/** The settings' "Blocked chats" list, the latest first. */
export async function listBlockedChats(ports: ChatPorts): Promise<Result<ChatBlockedRoom[]>> {
  const token = signedInToken(ports.storage);
  if (!token.ok) return token;
  return ports.chat.listBlockedRooms(token.value);
}

/** The code of a message refused because the room is blocked (the socket's error frame). */
export const CHAT_BLOCKED = "blocked";
