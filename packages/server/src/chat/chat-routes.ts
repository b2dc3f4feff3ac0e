import fastifyWebsocket from "@fastify/websocket";
import {
  CHAT_BEARER_PREFIX,
  CHAT_CLOSE,
  CHAT_HISTORY_PAGE,
  CHAT_MESSAGE_MAX,
  CHAT_PROTOCOL,
  type ChatProductWire,
  chatCalls,
  chatSendFrame,
  routeSchema,
} from "@katale/adapters-http/contract";
import { messages } from "@katale/domain";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { sql } from "kysely";
import type { WebSocket } from "ws";
import { z } from "zod";
import { type AuthUser, authenticateToken, currentUser, requireUser } from "../auth/authenticate.js";
import type { DatabaseHandle } from "../db/connect.js";
import { refusedInput } from "../engagement/input-refusal.js";
import { PRIVATE_NO_STORE } from "../http/cache-control.js";
import { sendError } from "../http/error-reply.js";
import { SHOP_NOT_FOUND } from "../http/not-found-messages.js";
import { type Limit, tooManyRequests } from "../http/rate-limits.js";
import type { RouteDeps } from "../http/route-deps.js";
import { registerSpooledUploads, spoolDir, spooledFileOf } from "../http/spooled-uploads.js";
import { imageRefusal } from "../http/uploads.js";
import type { ChatHub, Member } from "./chat-hub.js";
import { messageAllowance, type SocketLeases } from "./chat-limits.js";
import { ChatMessageRepository, type StoredMessage } from "./chat-message-repository.js";
import { ChatRepository, type ProductRef, type RoomAccess } from "./chat-repository.js";
import { ChatWriter } from "./chat-writer.js";

// Live chat, shop service (spec §2 Chat, §7; issue 11): the room calls and the room's WebSocket.
//
// The socket `chat/{slug}/`: the client offers the subprotocols `katale.chat.v1` and `bearer.<token>`
// (the token never goes in the URL, so never in a log); the upgrade is refused with 401 (no valid
// token), 403 (not a participant, or no such room), 429 (too many open sockets). Frames are JSON
// text: `{message, sender_id, product}` sends (the sender is the token's user, the product card comes
// from the database), `{type: "read"}` marks the room read. Refused frames get `{error}`, the socket
// stays open. A stored message goes to every socket of the room as `{message: {...}}`: on PGlite
// straight from this process; on PostgreSQL also through NOTIFY `katale_chat` `roomId:messageId:wire`
// (or `roomId:messageId`, then loaded), which every other instance hears and delivers to its own
// sockets. A removed room is told the same way (`roomId:removed`): every instance closes that room's
// sockets.
//
// A user sends at most CHAT_MESSAGE_LIMIT messages (socket frames and photos together), counted on
// the shared rate-limit counters (http/shared-counters.ts: Redis, the PostgreSQL table, or memory on
// PGlite), so several instances count together; so do a user's open sockets (leases, chat-limits.ts).
//
// Photos: `POST chat/room/{slug}/photo/` (multipart, one file in the field `image`, spooled to disk
// only once the sender is signed in) is checked and re-encoded by the media pipeline like every
// image, stored under /media/chat/, and sent to the room as a message whose `image` is its path:
// it goes to every socket like a text message.

const TAG = "chat";
/** The multipart field of a photo. */
const PHOTO_FIELD = "image";
/** Channel of the NOTIFY sent when a message is stored (PostgreSQL). */
export const CHAT_CHANNEL = "katale_chat";
/** Frames larger than this close the socket (1009); frames up to it get an error frame when refused. */
const MAX_FRAME_BYTES = 64 * 1024;
/** Frames waiting on one socket past this close it (4429): a client flooding faster than it is served. */
const MAX_PENDING_FRAMES = 64;
/** `{type: "read"}` is written at most this often per socket. */
const READ_EVERY_MS = 1000;
/** Messages per user, whichever instance each is sent on: about 30 per 10 s (spec §7). */
export const CHAT_MESSAGE_LIMIT: Limit = { points: 30, duration: 10 };
/** The notification payload of a removed room: `${roomId}:removed`. */
const REMOVED = "removed";

export interface ChatRouteOptions extends RouteDeps {
  database: Pick<DatabaseHandle, "kind" | "listen">;
  /** This instance's sockets (registerChatSockets). */
  hub: ChatHub;
  /** The users' sockets on the other instances (none on PGlite: one instance). */
  sockets?: SocketLeases | undefined;
}

declare module "fastify" {
  interface FastifyRequest {
    /** Set by the socket's admission (preHandler) for the socket handler. */
    chatAdmission?: { user: AuthUser; room: RoomAccess };
  }
}

const socketParams = z.object({ slug: z.string().min(1).max(200) });

const SOCKET_DESCRIPTION = [
  "The room's WebSocket (not an HTTP call: a plain GET answers 426).",
  "",
  "**Connect** to `ws(s)://<host>/api/shop/chat/{slug}/` offering two subprotocols: `katale.chat.v1` and",
  "`bearer.<token>` (the login key). The server answers `katale.chat.v1`. The upgrade is refused with",
  "401 (no or invalid token), 403 (not the room's customer or shop owner, or no such room), 429 (20 open",
  "sockets already, on every instance together).",
  "",
  "**Send** (JSON text): `{message, sender_id, product}`: the sender is always the token's user",
  "(`sender_id` is ignored); the text is trimmed, 1–2000 characters; `product` is optional,",
  "`{slug}` or `{product_id}`, and its card (`product_id, slug, product_name, price, images`) is filled",
  'from the database. `{type: "read"}` marks the room read. At most 30 messages per 10 s per user.',
  "",
  "**Receive**: `{message: {message, sender_id, product, image, created_at}}` for every message of the room",
  "(the sender's own too; `image`: a photo's path, sent with POST `chat/room/{slug}/photo/`, or null),",
  'and `{error: "..."}` when a frame is refused (blank, too long, not JSON,',
  "unknown product, too fast); the socket stays open.",
  "",
  "**Close codes**: 1001 server shutting down, 1012 reconnect (the server may have missed messages:",
  "fetch the history again), 1009 a frame over 64 KiB, 4429 more than 64 frames waiting. The server",
  "pings every 30 s and drops sockets that do not answer, and drops a reader more than 1 MiB behind",
  "(the client sees 1006): reconnect with backoff and fetch the history to fill the gap.",
].join("\n");

export const chatRoutes: FastifyPluginAsyncZod<ChatRouteOptions> = async (app, options) => {
  const { db, database, media, config, counters } = options;
  const rooms = new ChatRepository(db);
  const chatMessages = new ChatMessageRepository(db);
  const allowance = messageAllowance(counters, CHAT_MESSAGE_LIMIT);
  // One picture per call, in the field `image` only; nothing read before the sender is signed in.
  await registerSpooledUploads(app, db, {
    maxFiles: 1,
    spoolDir: spoolDir(config),
    fileFields: [PHOTO_FIELD],
    signInFirst: true,
  });
  const hub = options.hub;
  const viaNotify = database.kind === "postgres";
  // The socket's messages, several per statement under load.
  const writer = new ChatWriter(chatMessages, viaNotify ? CHAT_CHANNEL : undefined, (err) =>
    app.log.warn({ err }, "chat: cannot notify the other instances of stored messages"),
  );
  const signedIn = { preHandler: requireUser(db), attachValidation: true };
  // Exactly once on this instance, whichever comes first. A message this instance stored is delivered
  // here as soon as its statement answers (in order with the sender's error frames); a notification
  // is delivered unless that happened: with the message's wire it carries, or loaded (an older
  // instance's notification, a message too long for one). `handled` is bounded (oldest first).
  const handled = new BoundedSet(10_000);
  let notified: { roomId: number; id: number; wire: string | undefined }[] = [];
  // Batches are delivered in the order heard (one after the other).
  let loading = Promise.resolve();
  const deliverNotified = () => {
    const batch = notified;
    notified = [];
    const ids = batch.filter((n) => n.wire === undefined).map((n) => n.id);
    const loaded = ids.length > 0 ? rooms.messagesByIds(ids) : Promise.resolve<StoredMessage[]>([]);
    loading = loading
      .then(() => loaded)
      .then((stored) => {
        const wires = new Map(stored.map((m) => [m.id, JSON.stringify(m.wire)]));
        for (const n of batch) {
          const wire = n.wire ?? wires.get(n.id);
          if (wire === undefined || handled.has(n.id)) continue;
          handled.add(n.id);
          hub.deliver(n.roomId, `{"message":${wire}}`);
        }
      })
      .catch((err) => app.log.warn({ err, count: ids.length }, "chat: cannot load notified messages"));
  };

  if (viaNotify) {
    const stop = await database.listen(CHAT_CHANNEL, (payload) => {
      if (payload === "") {
        // The listening connection was lost and is back: messages may have been missed. The clients
        // reconnect and fetch the history again.
        hub.closeAll(1012, "reconnect");
        return;
      }
      const [roomPart, what] = payload.split(":", 2);
      const roomId = Number(roomPart);
      if (what === REMOVED) {
        if (roomId) hub.closeRoom(roomId, CHAT_CLOSE.forbidden, "room removed");
        return;
      }
      const messageId = Number(what);
      if (!roomId || !messageId) return;
      if (handled.has(messageId) || !hub.hasRoom(roomId)) return;
      // `roomId:messageId:wire` (the wire is JSON: it may hold colons) or `roomId:messageId`.
      const wireAt = roomPart!.length + what!.length + 2;
      const wire = payload.length > wireAt ? payload.slice(wireAt) : undefined;
      // In batches: every notification heard in one turn of the event loop, one query for those to load.
      notified.push({ roomId, id: messageId, wire });
      if (notified.length === 1) setImmediate(deliverNotified);
    });
    app.addHook("onClose", async () => stop());
  }

  // ---- HTTP calls ----

  app.get(
    `/${chatCalls.rooms.path}`,
    { schema: routeSchema(chatCalls.rooms, TAG), preHandler: requireUser(db) },
    async (request, reply) => {
      reply.header("cache-control", PRIVATE_NO_STORE);
      return { data: await rooms.roomsOf(currentUser(request).id) };
    },
  );

  app.get(
    `/${chatCalls.getRoom.path}`,
    { schema: routeSchema(chatCalls.getRoom, TAG), ...signedIn },
    async (request, reply) => {
      if (await refusedInput(request, reply)) return reply;
      const me = currentUser(request);
      const shopId = request.params.shopId;
      const owner = await rooms.shopOwner(shopId);
      if (owner === undefined) return sendError(reply, 404, "shop_not_found", { detail: SHOP_NOT_FOUND });
      if (owner === me.id) return sendError(reply, 400, "own_shop", { detail: messages.chat.ownShop });
      reply.header("cache-control", PRIVATE_NO_STORE);
      return { data: { slug: await rooms.roomFor(me.id, shopId) } };
    },
  );

  app.get(
    `/${chatCalls.room.path}`,
    { schema: routeSchema(chatCalls.room, TAG), ...signedIn },
    async (request, reply) => {
      if (await refusedInput(request, reply)) return reply;
      const room = await rooms.participantRoom(request.params.slug, currentUser(request).id);
      if (!room) return sendError(reply, 404, "room_not_found", { detail: messages.chat.roomNotFound });
      const before = request.query.before === undefined ? undefined : new Date(request.query.before);
      reply.header("cache-control", PRIVATE_NO_STORE);
      return { data: { data: await rooms.room(room, CHAT_HISTORY_PAGE, before) } };
    },
  );

  app.post(
    `/${chatCalls.markRead.path}`,
    { schema: routeSchema(chatCalls.markRead, TAG), ...signedIn },
    async (request, reply) => {
      if (await refusedInput(request, reply)) return reply;
      const me = currentUser(request);
      const room = await rooms.participantRoom(request.params.slug, me.id);
      if (!room) return sendError(reply, 404, "room_not_found", { detail: messages.chat.roomNotFound });
      await rooms.markRead(room, me.id);
      return reply.code(204).send(null);
    },
  );

  app.delete(
    `/${chatCalls.removeRoom.path}`,
    { schema: routeSchema(chatCalls.removeRoom, TAG), ...signedIn },
    async (request, reply) => {
      if (await refusedInput(request, reply)) return reply;
      const me = currentUser(request);
      const room = await rooms.participantRoom(request.params.slug, me.id);
      // The shop's side cannot remove a customer's room: to them it is not there to remove.
      if (!room || room.customerId !== me.id)
        return sendError(reply, 404, "room_not_found", { detail: messages.chat.roomNotFound });
      if (!(await rooms.removeEmpty(room)))
        return sendError(reply, 409, "room_not_empty", { detail: messages.chat.roomNotEmpty });
      // Anyone still connected to it goes (a socket of a room that is no more), on every instance.
      hub.closeRoom(room.id, CHAT_CLOSE.forbidden, "room removed");
      if (viaNotify) await sql`SELECT pg_notify(${CHAT_CHANNEL}, ${`${room.id}:${REMOVED}`})`.execute(db);
      return reply.code(204).send(null);
    },
  );

  app.post(
    `/${chatCalls.sendPhoto.path}`,
    { schema: routeSchema(chatCalls.sendPhoto, TAG), ...signedIn },
    async (request, reply) => {
      if (await refusedInput(request, reply)) return reply;
      const me = currentUser(request);
      const room = await rooms.participantRoom(request.params.slug, me.id);
      if (!room) return sendError(reply, 404, "room_not_found", { detail: messages.chat.roomNotFound });
      const upload = spooledFileOf(request.body.image, messages.chat.photoRequired);
      if (!upload.ok) return sendError(reply, upload.status, upload.code, { detail: upload.message });
      // Counted as a message (the socket's limit), before the picture costs any work.
      if (!(await allowance.take(me.id)))
        return tooManyRequests(reply, CHAT_MESSAGE_LIMIT.duration, { detail: messages.chat.tooManyMessages });
      const stored = await media.processImage(await upload.read(), { kind: "chat" });
      if (!stored.ok) {
        const refused = imageRefusal(stored);
        return sendError(reply, refused.status, refused.code, { detail: refused.message });
      }
      const message = await chatMessages.addMessage(
        room,
        me.id,
        "",
        undefined,
        viaNotify ? CHAT_CHANNEL : undefined,
        stored.path,
      );
      publish(message);
      return reply.code(201).send({ data: message.wire });
    },
  );

  /** A message this instance stored: to this instance's sockets of the room, once. */
  function publish(stored: StoredMessage): void {
    if (viaNotify) {
      if (handled.has(stored.id)) return;
      handled.add(stored.id);
    }
    hub.deliver(stored.roomId, JSON.stringify({ message: stored.wire }));
  }

  // ---- the socket ----

  /** Refuses the upgrade (400 without katale.chat.v1, 401/403/429) before it happens; sets request.chatAdmission. */
  async function admit(request: FastifyRequest<{ Params: { slug: string } }>, reply: FastifyReply) {
    const offered = String(request.headers["sec-websocket-protocol"] ?? "")
      .split(",")
      .map((p) => p.trim());
    if (request.ws && !offered.includes(CHAT_PROTOCOL))
      return sendError(reply, 400, "invalid_input", { detail: messages.chat.socketOnly });
    const bearer = offered.find((p) => p.startsWith(CHAT_BEARER_PREFIX));
    const token = bearer?.slice(CHAT_BEARER_PREFIX.length) ?? "";
    const user = token ? await authenticateToken(db, token) : null;
    if (!user) {
      return sendError(reply, 401, token ? "invalid_token" : "not_authenticated", {
        detail: token ? messages.authServer.invalidToken : messages.authServer.credentialsMissing,
      });
    }
    const slug = request.params.slug;
    const room =
      typeof slug === "string" && slug.length <= 200 ? await rooms.participantRoom(slug, user.id) : undefined;
    if (!room) return sendError(reply, 403, "forbidden", { detail: messages.chat.roomNotFound });
    // The other instances' count cannot be read: this instance's own still holds.
    const elsewhere = options.sockets
      ? await options.sockets.elsewhere(user.id).catch((err: unknown) => {
          request.log.warn({ err }, "chat: cannot read the user's sockets on other instances");
          return 0;
        })
      : 0;
    if (!hub.canOpen(user.id, elsewhere))
      return sendError(reply, 429, "rate_limited", { detail: messages.chat.tooManySockets });
    request.chatAdmission = { user, room };
  }

  app.route({
    method: "GET",
    url: "/chat/:slug/",
    schema: {
      tags: [TAG],
      summary: "The room's WebSocket: live messages (subprotocols katale.chat.v1 and bearer.<token>)",
      description: SOCKET_DESCRIPTION,
      params: socketParams,
    },
    preHandler: admit,
    // A plain GET (no upgrade): this address is a socket.
    handler: async (_request, reply) =>
      sendError(reply, 426, "invalid_input", {
        detail: messages.chat.socketOnly,
      }),
    wsHandler: (socket: WebSocket, request: FastifyRequest) => {
      const admission = request.chatAdmission;
      if (!admission) {
        socket.close(CHAT_CLOSE.forbidden, "not admitted");
        return;
      }
      const { user, room } = admission;
      const member = hub.join(socket, user.id, room.id);
      // One frame at a time, in the order sent (a product lookup must not let a later text overtake).
      let queue = Promise.resolve();
      let pending = 0;
      let lastRead = 0;
      let readLater: NodeJS.Timeout | undefined;
      // A read still waiting its turn is written when the socket closes (leaving right after a
      // message arrived must not leave it unread).
      socket.on("close", () => {
        if (readLater === undefined) return;
        clearTimeout(readLater);
        readLater = undefined;
        rooms.markRead(room, user.id).catch((err) => request.log.warn({ err }, "chat: cannot mark read"));
      });
      const markRead = async (): Promise<void> => {
        // At most one write a second per socket; a read asked for meanwhile is written at the end of it.
        const wait = lastRead + READ_EVERY_MS - Date.now();
        if (wait > 0) {
          readLater ??= setTimeout(() => {
            readLater = undefined;
            markRead().catch((err) => request.log.warn({ err }, "chat: cannot mark read"));
          }, wait);
          return;
        }
        lastRead = Date.now();
        await rooms.markRead(room, user.id);
      };
      socket.on("message", (data, isBinary) => {
        if (++pending > MAX_PENDING_FRAMES) {
          socket.close(CHAT_CLOSE.tooMany, "too many frames");
          return;
        }
        const text = isBinary ? null : data.toString();
        queue = queue
          .then(() => handleFrame(member, room, text, markRead))
          .catch((err) => {
            request.log.warn({ err }, "chat: a frame failed");
            reply(member, { error: messages.api.serverError });
          })
          .finally(() => {
            pending--;
          });
      });
    },
  });

  const reply = (member: Member, frame: object) => hub.send(member, JSON.stringify(frame));

  async function handleFrame(
    member: Member,
    room: RoomAccess,
    text: string | null,
    markRead: () => Promise<void>,
  ): Promise<void> {
    let parsed: unknown;
    try {
      parsed = text === null ? undefined : JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed))
      return reply(member, { error: messages.chat.notJson });
    if ((parsed as { type?: unknown }).type === "read") return markRead();
    const frame = chatSendFrame.safeParse(parsed);
    if (!frame.success) return reply(member, { error: messages.chat.messageBlank });
    const body = frame.data.message.trim();
    if (body.length === 0) return reply(member, { error: messages.chat.messageBlank });
    if (body.length > CHAT_MESSAGE_MAX) return reply(member, { error: messages.chat.messageTooLong });
    // Counted before the product lookup: unknown products cost a query too.
    if (!(await allowance.take(member.userId)))
      return reply(member, { error: messages.chat.tooManyMessages });
    let card: ChatProductWire | undefined;
    const product = frame.data.product;
    if (product) {
      const ref = productRef(product);
      card = ref ? await rooms.productCard(ref) : undefined;
      if (!card) return reply(member, { error: messages.chat.productNotFound });
    }
    publish(await writer.write({ room, senderId: member.userId, text: body, product: card }));
  }
};

/** A set that forgets its oldest entries past `max`. */
class BoundedSet {
  private readonly items = new Set<number>();
  constructor(private readonly max: number) {}
  add(item: number): void {
    this.items.add(item);
    if (this.items.size > this.max) this.items.delete(this.items.values().next().value as number);
  }
  has(item: number): boolean {
    return this.items.has(item);
  }
}

function productRef(product: {
  slug?: string | undefined;
  product_id?: number | string | undefined;
}): ProductRef | null {
  if (product.product_id !== undefined) {
    const id = Number(product.product_id);
    return Number.isInteger(id) && id >= 1 && id <= 2_147_483_647 ? { productId: id } : null;
  }
  if (typeof product.slug === "string" && product.slug.length > 0 && product.slug.length <= 300)
    return { slug: product.slug };
  return null;
}

/**
 * The WebSocket server of the whole app (registered on the root, so an upgrade to any other path is
 * closed): no per-message deflate, frames up to 64 KiB, only the katale.chat.v1 subprotocol; at
 * shutdown every chat socket hears 1001 (going away) and reconnects, to another instance or later.
 */
export async function registerChatSockets(app: FastifyInstance, hub: ChatHub): Promise<void> {
  await app.register(fastifyWebsocket, {
    options: {
      perMessageDeflate: false,
      maxPayload: MAX_FRAME_BYTES,
      handleProtocols: (offered) => (offered.has(CHAT_PROTOCOL) ? CHAT_PROTOCOL : false),
    },
    preClose(done) {
      hub.stop();
      hub.closeAll(CHAT_CLOSE.goingAway, "server shutting down");
      app.websocketServer.close();
      done();
    },
  });
}
