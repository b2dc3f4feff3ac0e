import { z } from "zod";
import {
  badRequestError,
  dataOf,
  defineCalls,
  detailError,
  fileField,
  idParams,
  imagePath,
  noContent,
  timestamp,
} from "./common.js";

// Chat rooms, messages and the socket frames (spec §2 Chat, §3, §7; issue 11), shop service.
// The socket is `chat/:slug/` on the shop service (ws:// or wss:// of its origin). The token never
// goes in the URL: the client offers two subprotocols, `katale.chat.v1` and `bearer.<token>`, and
// the server answers `katale.chat.v1`.

/** Messages are trimmed, then 1..CHAT_MESSAGE_MAX characters. */
export const CHAT_MESSAGE_MAX = 2000;
/** A room's history comes in pages of this many messages (the newest first, answered oldest first). */
export const CHAT_HISTORY_PAGE = 50;
/** The subprotocol of the socket. */
export const CHAT_PROTOCOL = "katale.chat.v1";
/** Prefix of the subprotocol that carries the login token. */
export const CHAT_BEARER_PREFIX = "bearer.";

/** The product card a message may carry, filled by the server from the database. */
export const chatProductWire = z.object({
  product_id: z.number().int(),
  slug: z.string(),
  product_name: z.string(),
  /** integer UGX */
  price: z.number().int().min(0),
  images: z.array(imagePath),
});
export type ChatProductWire = z.infer<typeof chatProductWire>;

export const chatMessageWire = z.object({
  /** The message's id (what a report on it names); absent from servers that predate reporting. */
  id: z.number().int().optional(),
  message: z.string(),
  sender_id: z.number().int(),
  product: chatProductWire.nullable(),
  /** A photo (host path of the re-encoded picture; its -240/-480/-800 variants beside it), or null. */
  image: imagePath.nullable().optional(),
  created_at: timestamp,
  /**
   * The sender's own id for the message (a UUID, as its send frame gave it); only on messages sent
   * with one.
   */
  client_id: z.string().optional(),
});
export type ChatMessageWire = z.infer<typeof chatMessageWire>;

export const chatCustomerWire = z.object({
  id: z.number().int(),
  name: z.string(),
  profile_picture: z.string().nullable(),
});
export const chatShopWire = z.object({
  id: z.number().int(),
  name: z.string(),
  display_image: z.string().nullable(),
  /** the owner's user id: the viewer is the shop side when it equals their id */
  owner: z.number().int(),
});

/** A room of the list: the latest message (or null) for the preview, and what the caller has not read. */
export const chatRoomSummaryWire = z.object({
  slug: z.string(),
  customer: chatCustomerWire,
  shop: chatShopWire,
  last_message: chatMessageWire.nullable(),
  /** messages of the other party newer than the caller's last read */
  unread_count: z.number().int().min(0),
});
export type ChatRoomSummaryWire = z.infer<typeof chatRoomSummaryWire>;

/** A room with a page of its history, oldest first. */
export const chatRoomWire = z.object({
  messages: z.array(chatMessageWire),
  customer: chatCustomerWire,
  shop: chatShopWire,
  /** Who blocked the room: "you" (the caller; also when both did), "them" (the other side), or null. */
  blocked_by: z.enum(["you", "them"]).nullable().optional(),
});
export type ChatRoomWire = z.infer<typeof chatRoomWire>;

const slugParams = z.object({ slug: z.string().min(1).max(200) });

/** Client -> server frame (JSON text): a message, or `{type: "read"}`. */
export const chatSendFrame = z.object({
  message: z.string(),
  sender_id: z.unknown().optional().describe("ignored: the sender is the token's user"),
  product: z
    .object({
      slug: z.string().optional(),
      product_id: z.union([z.number(), z.string()]).optional(),
    })
    .nullable()
    .optional()
    .describe("a product to attach, by slug or product_id; the server fills the card"),
  client_id: z
    .uuid()
    .optional()
    .describe(
      "the client's own id for the message (a UUID it makes per message): the server stores one message per sender and client_id; a repeat is answered, to the sender alone, with the message stored the first time",
    ),
});
export type ChatSendFrame = z.input<typeof chatSendFrame>;

/** Client -> server frame: the caller has read the room (for `unread_count`). */
export const chatReadFrame = z.object({ type: z.literal("read") });

/** Server -> client frame (JSON text), sent to every socket of the room including the sender's. */
export const chatReceiveFrame = z.object({ message: chatMessageWire });
export type ChatReceiveFrame = z.infer<typeof chatReceiveFrame>;

/** Why a sent frame was refused: the stable `code` of an error frame (the `error` words may change). */
export const CHAT_FRAME_ERRORS = [
  "not_json",
  "message_blank",
  "message_not_text",
  "message_too_long",
  "product_invalid",
  "product_not_found",
  "rate_limited",
  "server_error",
  "blocked",
  "client_id_invalid",
] as const;
export type ChatFrameError = (typeof CHAT_FRAME_ERRORS)[number];

/** Server -> client frame when a sent frame is refused (the socket stays open). */
export const chatErrorFrame = z.object({
  error: z.string(),
  code: z.enum(CHAT_FRAME_ERRORS).optional().describe("why, for clients; always sent by this server"),
});

/** A room the caller blocked (the settings' "Blocked chats" list). */
export const chatBlockedRoomWire = z.object({
  slug: z.string(),
  customer: chatCustomerWire,
  shop: chatShopWire,
  blocked_at: timestamp,
});
export type ChatBlockedRoomWire = z.infer<typeof chatBlockedRoomWire>;

export const chatCalls = defineCalls({
  rooms: () => ({
    service: "shop",
    method: "GET",
    path: "chat/room/",
    summary:
      "The caller's rooms (as customer and as owner of any shop), newest message first, rooms without messages last",
    auth: "token",
    response: { 200: z.object({ data: z.array(chatRoomSummaryWire) }), 401: detailError },
  }),
  room: () => ({
    service: "shop",
    method: "GET",
    path: "chat/room/:slug",
    summary:
      "One room and the last 50 of its messages, oldest first (`?before=ISO-TIME` for older ones); its customer and the shop owner only, anyone else 404. Spec §7's token form: with no Authorization header, the caller's own token in place of the slug answers their latest room (404 when they have none); the logs never show it",
    auth: "token",
    params: slugParams,
    querystring: z.object({
      before: z.iso
        .datetime({ offset: true })
        .optional()
        .describe("only messages sent before this time (ISO 8601), to page back"),
    }),
    response: { 200: dataOf(dataOf(chatRoomWire)), 400: detailError, 401: detailError, 404: detailError },
  }),
  markRead: () => ({
    service: "shop",
    method: "POST",
    path: "chat/room/:slug/read/",
    summary: "Marks the room read for the caller (as the socket's {type: 'read'} frame does)",
    auth: "token",
    params: slugParams,
    response: { 204: noContent, 401: detailError, 404: detailError },
  }),
  sendPhoto: () => ({
    service: "shop",
    method: "POST",
    idempotent: true,
    path: "chat/room/:slug/photo/",
    summary:
      "Sends a photo to the room (multipart, field `image`): checked and re-encoded like every image, stored, and sent to every socket of the room as a message with `image`; its customer and the shop owner only, anyone else 404",
    auth: "token",
    encoding: "multipart",
    params: slugParams,
    body: z.object({ image: fileField.optional() }),
    response: {
      201: dataOf(chatMessageWire),
      400: badRequestError,
      401: detailError,
      403: detailError,
      404: detailError,
      413: detailError,
      429: detailError,
      503: detailError,
    },
  }),
  removeRoom: () => ({
    service: "shop",
    method: "DELETE",
    path: "chat/room/:slug/",
    summary:
      "Removes a room without messages (one opened and never used, e.g. by `katale smoke`); its customer only, anyone else 404; a room with messages 409",
    auth: "token",
    params: slugParams,
    response: { 204: noContent, 401: detailError, 404: detailError, 409: detailError },
  }),
  getRoom: () => ({
    service: "shop",
    method: "GET",
    path: "chat/room/get-room/:shopId",
    summary:
      "The caller's room with a shop, created on first use; an owner cannot open one with their own shop",
    auth: "token",
    params: idParams("shopId"),
    response: {
      200: dataOf(z.object({ slug: z.string() })),
      400: detailError,
      401: detailError,
      404: detailError,
    },
  }),
  // ---- blocking: either side of a room blocks it; no message flows while a block stands ----
  block: () => ({
    service: "shop",
    method: "POST",
    path: "chat/room/:slug/block/",
    summary:
      "Blocks the room for the caller (its customer or the shop owner; anyone else 404). While blocked, messages from either side are refused (the socket's error frame and the photo call with code `blocked`), the room leaves the caller's room list (GET `chat/blocked/` lists it) and nothing in it is notified. Blocking again changes nothing",
    auth: "token",
    params: slugParams,
    response: { 204: noContent, 401: detailError, 404: detailError },
  }),
  unblock: () => ({
    service: "shop",
    method: "DELETE",
    path: "chat/room/:slug/block/",
    summary:
      "Lifts the caller's block of the room (its customer or the shop owner; anyone else 404): it is back in their room list and messages flow again unless the other side blocked it too. Unblocking an unblocked room changes nothing",
    auth: "token",
    params: slugParams,
    response: { 204: noContent, 401: detailError, 404: detailError },
  }),
  blockedRooms: () => ({
    service: "shop",
    method: "GET",
    path: "chat/blocked/",
    summary: "The rooms the caller blocked, the latest first (to unblock them from the settings)",
    auth: "token",
    response: { 200: z.object({ data: z.array(chatBlockedRoomWire) }), 401: detailError },
  }),
});

/** The socket of a room (not an HTTP call): `chat/:slug/` on the shop service. */
export const chatSocket = {
  service: "shop",
  path: "chat/:slug/",
  protocol: CHAT_PROTOCOL,
  bearerPrefix: CHAT_BEARER_PREFIX,
  send: chatSendFrame,
  read: chatReadFrame,
  receive: chatReceiveFrame,
  error: chatErrorFrame,
} as const;

/**
 * Close codes of the socket: 4401 no valid token, 4403 not a participant, 4429 too many sockets or
 * messages; 1001 the server is going away; 1008 a reader too slow to keep up.
 */
export const CHAT_CLOSE = { unauthorized: 4401, forbidden: 4403, tooMany: 4429, goingAway: 1001 } as const;
