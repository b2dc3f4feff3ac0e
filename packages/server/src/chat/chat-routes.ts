import { CHAT_HISTORY_PAGE, chatCalls, routeSchema } from "@katale/adapters-http/contract";
import { messages } from "@katale/domain";
import type { preHandlerAsyncHookHandler } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { authenticateToken, currentUser, requireUser } from "../auth/authenticate.js";
import type { DatabaseHandle } from "../db/connect.js";
import { refusedInput } from "../engagement/input-refusal.js";
import { PRIVATE_NO_STORE } from "../http/cache-control.js";
import { sendError } from "../http/error-reply.js";
import { SHOP_NOT_FOUND } from "../http/not-found-messages.js";
import { type Limit, tooManyRequests } from "../http/rate-limits.js";
import type { RouteDeps } from "../http/route-deps.js";
import { registerSpooledUploads, spoolDir, spooledFileOf } from "../http/spooled-uploads.js";
import { imageRefusal, sendFileRefusal } from "../http/uploads.js";
import { blockedWords, ChatBlockRepository } from "./chat-block-repository.js";
import { ChatFanOut } from "./chat-fan-out.js";
import type { ChatHub } from "./chat-hub.js";
import { messageAllowance, type SocketLeases } from "./chat-limits.js";
import { ChatMessageRepository } from "./chat-message-repository.js";
import { ChatRepository } from "./chat-repository.js";
import { chatSocketRoute } from "./chat-socket-route.js";
import { type ChatNoticeHooks, ChatWriter } from "./chat-writer.js";

// Live chat, shop service (spec §2 Chat, §7; issue 11): the room calls and the room's WebSocket.
//
// The room's WebSocket `chat/{slug}/` (chat-socket-route.ts) is admitted with the token offered as a
// subprotocol; a stored message goes to every socket of the room on every instance (chat-fan-out.ts).
//
// A user sends at most CHAT_MESSAGE_LIMIT messages (socket frames and photos together), counted on
// the shared rate-limit counters (http/shared-counters.ts: Redis, the PostgreSQL table, or memory on
// PGlite), so several instances count together; so do a user's open sockets (leases, chat-limits.ts).
//
// Photos: `POST chat/room/{slug}/photo/` (multipart, one file in the field `image`, spooled to disk
// only once the sender is signed in) is checked and re-encoded by the media pipeline like every
// image, stored under /media/chat/, and sent to the room as a message whose `image` is its path:
// it goes to every socket like a text message.
//
// Blocking (chat-block-repository.ts): either side blocks a room with `POST chat/room/{slug}/block/`;
// while a block stands the socket refuses frames and the photo call answers 403, both with code
// `blocked`; the blocker's room list leaves the room out and `GET chat/blocked/` lists it.

const TAG = "chat";
/** The multipart field of a photo. */
const PHOTO_FIELD = "image";
/** Messages per user, whichever instance each is sent on: about 30 per 10 s (spec §7). */
export const CHAT_MESSAGE_LIMIT: Limit = { points: 30, duration: 10 };

export interface ChatRouteOptions extends RouteDeps {
  database: Pick<DatabaseHandle, "kind" | "listen">;
  /** This instance's sockets (registerChatSockets). */
  hub: ChatHub;
  /** The users' sockets on the other instances (none on PGlite: one instance). */
  sockets?: SocketLeases | undefined;
  /** Who has a room open here, and the hand-on of new messages' notices (notifications/). */
  notices?: ChatNoticeHooks | undefined;
}

export const chatRoutes: FastifyPluginAsyncZod<ChatRouteOptions> = async (app, options) => {
  const { db, database, media, config, counters } = options;
  const rooms = new ChatRepository(db);
  const blocks = new ChatBlockRepository(db);
  const allowance = messageAllowance(counters, CHAT_MESSAGE_LIMIT);
  // One picture per call, in the field `image` only; nothing read before the sender is signed in.
  await registerSpooledUploads(app, db, {
    maxFiles: 1,
    spoolDir: spoolDir(config),
    fileFields: [PHOTO_FIELD],
    signInFirst: true,
  });
  const hub = options.hub;
  const fanOut = new ChatFanOut(hub, rooms, db, database.kind === "postgres", app.log);
  const chatMessages = new ChatMessageRepository(db);
  // The socket's messages, several per statement under load.
  const notices = options.notices ?? {};
  const writer = new ChatWriter(
    chatMessages,
    fanOut.channel,
    (err) => app.log.warn({ err }, "chat: cannot notify the other instances of stored messages"),
    notices,
  );
  const requireSignedIn = requireUser(db);
  const signedIn = { preHandler: requireSignedIn, attachValidation: true };
  const stopListening = await fanOut.listen(database);
  app.addHook("onClose", async () => stopListening());

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

  // `chat/room/{slug or token}` (spec §7): a room by its slug for the signed-in caller, or, with no
  // token in the header, the user's own token in the path signs them in and answers their latest
  // room. The logs never show the path's segment (http/log-redaction.ts).
  const tokenInPath = new WeakSet<object>();
  const tokenFromPath: preHandlerAsyncHookHandler = async (request) => {
    const key = (request.params as { slug?: string }).slug;
    if (!request.headers.authorization && key) {
      const user = await authenticateToken(db, key);
      if (user) {
        request.authUser = user;
        tokenInPath.add(request);
      }
    }
  };
  const signedInByHeaderOrPath = {
    attachValidation: true,
    // A list ending in the guard, so the API reference documents the token (api-docs-operations.ts).
    preHandler: [tokenFromPath, requireSignedIn],
  };

  app.get(
    `/${chatCalls.room.path}`,
    { schema: routeSchema(chatCalls.room, TAG), ...signedInByHeaderOrPath },
    async (request, reply) => {
      if (await refusedInput(request, reply)) return reply;
      const me = currentUser(request);
      const slug = tokenInPath.has(request) ? (await rooms.roomsOf(me.id))[0]?.slug : request.params.slug;
      const room = slug === undefined ? undefined : await rooms.participantRoom(slug, me.id);
      if (!room) return sendError(reply, 404, "room_not_found", { detail: messages.chat.roomNotFound });
      const before = request.query.before === undefined ? undefined : new Date(request.query.before);
      reply.header("cache-control", PRIVATE_NO_STORE);
      const [page, blockedBy] = await Promise.all([
        rooms.room(room, CHAT_HISTORY_PAGE, before, me.id),
        blocks.blockedBy(room.id, me.id),
      ]);
      return { data: { data: { ...page, blocked_by: blockedBy } } };
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
      await fanOut.removed(room.id);
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
      const blockedBy = await blocks.blockedBy(room.id, me.id);
      if (blockedBy !== null) return sendError(reply, 403, "blocked", { detail: blockedWords(blockedBy) });
      const upload = spooledFileOf(request.body.image, messages.chat.photoRequired);
      if (!upload.ok) return sendError(reply, upload.status, upload.code, { detail: upload.message });
      // Counted as a message (the socket's limit), before the picture costs any work.
      if (!(await allowance.take(me.id)))
        return tooManyRequests(reply, CHAT_MESSAGE_LIMIT.duration, { detail: messages.chat.tooManyMessages });
      const stored = await media.processImage(await upload.read(), { kind: "chat" });
      if (!stored.ok) {
        return sendFileRefusal(reply, imageRefusal(stored), (detail) =>
          sendError(reply, 400, "invalid_input", { detail }),
        );
      }
      const recipient = me.id === room.customerId ? room.ownerId : room.customerId;
      const message = await chatMessages.addMessage(
        room,
        me.id,
        "",
        undefined,
        fanOut.channel,
        stored.path,
        notices.openHere?.(room.id, recipient),
        notices.instance,
      );
      notices.stored?.();
      fanOut.publish(message);
      return reply.code(201).send({ data: message.wire });
    },
  );

  // ---- blocking ----

  app.post(
    `/${chatCalls.block.path}`,
    { schema: routeSchema(chatCalls.block, TAG), ...signedIn },
    async (request, reply) => {
      if (await refusedInput(request, reply)) return reply;
      const me = currentUser(request);
      const room = await rooms.participantRoom(request.params.slug, me.id);
      if (!room) return sendError(reply, 404, "room_not_found", { detail: messages.chat.roomNotFound });
      await blocks.block(room, me.id);
      return reply.code(204).send(null);
    },
  );

  app.delete(
    `/${chatCalls.unblock.path}`,
    { schema: routeSchema(chatCalls.unblock, TAG), ...signedIn },
    async (request, reply) => {
      if (await refusedInput(request, reply)) return reply;
      const me = currentUser(request);
      const room = await rooms.participantRoom(request.params.slug, me.id);
      if (!room) return sendError(reply, 404, "room_not_found", { detail: messages.chat.roomNotFound });
      await blocks.unblock(room, me.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    `/${chatCalls.blockedRooms.path}`,
    { schema: routeSchema(chatCalls.blockedRooms, TAG), preHandler: requireSignedIn },
    async (request, reply) => {
      reply.header("cache-control", PRIVATE_NO_STORE);
      return { data: await blocks.blockedRooms(currentUser(request).id) };
    },
  );

  chatSocketRoute(app, { db, rooms, blocks, hub, fanOut, writer, allowance, sockets: options.sockets });
};
