import type { ImageUpload } from "../media/image-upload.js";
import type { Result } from "../result.js";
import type { ChatMessage } from "./chat-message.js";
import type { ChatBlockedRoom, ChatRoom, ChatRoomSummary } from "./chat-room.js";

/** The room calls of the shop service (spec §7 chat/room/..., issue 11). */
export interface ChatGateway {
  /** The user's rooms as customer and as shop owner, newest message first, rooms without messages last. */
  listRooms(token: string): Promise<Result<ChatRoomSummary[]>>;
  /** The user's room with a shop (created on first call): its slug. 'invalid' for one's own shop. */
  openRoom(token: string, shopId: number): Promise<Result<string>>;
  /** The room and the last 50 messages (before `before`, an ISO time, when given), oldest first. */
  loadRoom(token: string, slug: string, before?: string): Promise<Result<ChatRoom>>;
  /** The user has read the room. */
  markRead(token: string, slug: string): Promise<Result<void>>;
  /**
   * Sends a photo to the room: the server checks and re-encodes it and sends the message (with its
   * `image`) to every connection of the room, the sender's too; answers that message.
   */
  sendPhoto(token: string, slug: string, image: ImageUpload): Promise<Result<ChatMessage>>;
  /** Removes a room the user opened as customer and never used (refused once it has messages). */
  removeRoom(token: string, slug: string): Promise<Result<void>>;
  /**
   * Blocks the room for the user (either side may): no message flows in it either way, and it leaves
   * the user's room list, until they unblock it. Blocking again changes nothing.
   */
  blockRoom(token: string, slug: string): Promise<Result<void>>;
  /** Lifts the user's block (the other side's, if any, stands). Unblocking again changes nothing. */
  unblockRoom(token: string, slug: string): Promise<Result<void>>;
  /** The rooms the user blocked, the latest first. */
  listBlockedRooms(token: string): Promise<Result<ChatBlockedRoom[]>>;
}

/** What a live room connection tells its listener. */
export interface ChatListener {
  /** The connection is open: sending works. */
  onOpen?(): void;
  /** A message of the room (the listener's own too). */
  onMessage(message: ChatMessage): void;
  /**
   * A frame was refused (blank, too long, unknown product, too fast, the room blocked); the
   * connection stays open. `code`: the server's stable reason (e.g. "blocked"), for clients to act on.
   */
  onRefused?(error: string, code?: string): void;
  /** The connection closed; `code` as the socket gave it (1001 server going away, 4401/4403 refused). */
  onClose?(code: number): void;
}

/** An open room connection. */
export interface ChatConnection {
  /**
   * Sends a message; the product is given by slug (the server fills the card). `clientId`: the
   * client's own id for it (a UUID): sent again with the same id, it is stored once and the stored
   * message is handed back to this connection alone.
   */
  send(message: string, productSlug?: string, clientId?: string): void;
  /** Marks the room read. */
  markRead(): void;
  close(): void;
}

/** Opens the live connection of a room (the socket of spec §7, issue 11). */
export interface ChatConnector {
  connect(slug: string, token: string, listener: ChatListener): ChatConnection;
}
