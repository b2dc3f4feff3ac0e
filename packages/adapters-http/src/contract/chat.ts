import { z } from "zod";
import { dataOf, defineCalls, detailError, idParams, idValue, imagePath, timestamp } from "./common.js";

// Chat rooms, messages and the socket frames (spec §3, §7), shop service.
// The socket is `chat/:roomSlug/` on the shop service (ws:// or wss:// of its origin), token in the
// `token` query parameter because browsers cannot set headers on a WebSocket.

/** The product card a message may carry. */
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
  message: z.string(),
  sender_id: z.number().int(),
  product: chatProductWire.nullable(),
  created_at: timestamp,
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

/**
 * A room. In the room list `messages` holds only the latest message (or nothing), for the preview;
 * in the room detail it holds the whole conversation, oldest first.
 */
export const chatRoomWire = z.object({
  slug: z.string(),
  messages: z.array(chatMessageWire),
  customer: chatCustomerWire,
  shop: chatShopWire,
  last_message_at: timestamp.nullable(),
});
export type ChatRoomWire = z.infer<typeof chatRoomWire>;

/** Client -> server frame (JSON text). `product` is a product id to attach, or null. */
export const chatSendFrame = z.object({
  message: z.string().max(4000),
  sender_id: idValue.optional().describe("ignored: the sender is the token's user"),
  product: idValue.nullable().optional(),
});
export type ChatSendFrame = z.input<typeof chatSendFrame>;

/** Server -> client frame (JSON text), sent to everyone in the room including the sender. */
export const chatReceiveFrame = z.object({ message: chatMessageWire });
export type ChatReceiveFrame = z.infer<typeof chatReceiveFrame>;

/** Server -> client frame when a sent frame is refused (the socket stays open). */
export const chatErrorFrame = z.object({ error: z.string() });

export const chatCalls = defineCalls({
  rooms: {
    service: "shop",
    method: "GET",
    path: "chat/room/",
    summary: "The user's rooms (as customer and as shop owner), latest message first, empty rooms last",
    auth: "token",
    response: { 200: z.object({ data: z.array(chatRoomWire) }), 401: detailError },
  },
  room: {
    service: "shop",
    method: "GET",
    path: "chat/room/:slug",
    summary: "One room with all its messages, oldest first; only its customer and the shop owner may read it",
    auth: "token",
    params: z.object({ slug: z.string().min(1).max(200) }),
    response: { 200: dataOf(chatRoomWire), 401: detailError, 403: detailError, 404: detailError },
  },
  getRoom: {
    service: "shop",
    method: "GET",
    path: "chat/room/get-room/:shopId",
    summary: "The user's room with a shop, created on first use",
    auth: "token",
    params: idParams("shopId"),
    response: {
      200: dataOf(z.object({ slug: z.string() })),
      400: detailError,
      401: detailError,
      403: detailError,
      404: detailError,
    },
  },
});

/** The socket of a room (not an HTTP call): `chat/:roomSlug/?token=<key>` on the shop service. */
export const chatSocket = {
  service: "shop",
  path: "chat/:roomSlug/",
  query: z.object({ token: z.string().min(1) }),
  send: chatSendFrame,
  receive: chatReceiveFrame,
  error: chatErrorFrame,
} as const;
