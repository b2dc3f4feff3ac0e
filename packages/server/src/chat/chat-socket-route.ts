import {
  CHAT_BEARER_PREFIX,
  CHAT_CLOSE,
  CHAT_MESSAGE_MAX,
  CHAT_PROTOCOL,
  type ChatFrameError,
  type ChatProductWire,
  chatSendFrame,
} from "@katale/adapters-http/contract";
import { messages } from "@katale/domain";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Kysely } from "kysely";
import type { WebSocket } from "ws";
import { z } from "zod";
import { type AuthUser, authenticateToken } from "../auth/authenticate.js";
import type { Database } from "../db/schema.js";
import { sendError } from "../http/error-reply.js";
import { blockedWords, type ChatBlockRepository } from "./chat-block-repository.js";
import type { ChatFanOut } from "./chat-fan-out.js";
import type { ChatHub, Member } from "./chat-hub.js";
import type { MessageAllowance, SocketLeases } from "./chat-limits.js";
import type { StoredMessage } from "./chat-message-repository.js";
import type { ChatRepository, ProductRef, RoomAccess } from "./chat-repository.js";
import type { ChatWriter } from "./chat-writer.js";

// The room's WebSocket `chat/{slug}/`: the client offers the subprotocols `katale.chat.v1` and
// `bearer.<token>` (the token never goes in the URL, so never in a log); the upgrade is refused with
// 401 (no valid token), 403 (not a participant, or no such room), 429 (too many open sockets).
// Frames are JSON text: `{message, sender_id, product, client_id}` sends (the sender is the token's
// user, the product card comes from the database; a repeated `client_id` is answered with the message
// stored the first time, to the sender alone), `{type: "read"}` marks the room read. Refused frames get
// `{error, code}`, the socket stays open. A stored message goes to every socket of the room (ChatFanOut).

const TAG = "chat";
/** Frames waiting on one socket past this close it (4429): a client flooding faster than it is served. */
const MAX_PENDING_FRAMES = 64;
/** `{type: "read"}` is written at most this often per socket. */
const READ_EVERY_MS = 1000;

declare module "fastify" {
  interface FastifyRequest {
    /** Set by the socket's admission (preHandler) for the socket handler. */
    chatAdmission?: { user: AuthUser; room: RoomAccess };
  }
}

/** What the socket works with (chat-routes.ts makes them). */
export interface ChatSocketContext {
  db: Kysely<Database>;
  rooms: ChatRepository;
  /** Blocked rooms refuse every message (code `blocked`). */
  blocks: ChatBlockRepository;
  hub: ChatHub;
  fanOut: ChatFanOut;
  writer: ChatWriter;
  /** Messages per user, on every instance together. */
  allowance: MessageAllowance;
  /** The users' sockets on the other instances (none on PGlite: one instance). */
  sockets?: SocketLeases | undefined;
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
  "**Send** (JSON text): `{message, sender_id, product, client_id}`: the sender is always the token's user",
  "(`sender_id` is ignored); the text is trimmed, 1–2000 characters; `product` is optional,",
  "`{slug}` or `{product_id}`, and its card (`product_id, slug, product_name, price, images`) is filled",
  'from the database. `{type: "read"}` marks the room read. At most 30 messages per 10 s per user.',
  "`client_id` is optional: a UUID the client makes for each message, so that it may send the message",
  "again when it cannot tell whether it arrived (the socket dropped). The server stores one message per",
  "sender and `client_id`: a repeat is answered, to the sending socket alone, with the message stored the",
  "first time (its `client_id` with it); it is not sent to the room again, nor notified again.",
  "",
  "**Receive**: `{message: {id, message, sender_id, product, image, created_at, client_id}}` for every",
  "message of the room (the sender's own too; `image`: a photo's path, sent with POST",
  "`chat/room/{slug}/photo/`, or null; `client_id` only on messages sent with one; the room's history",
  "carries it too),",
  'and `{error: "...", code}` when a frame is refused, `code` one of `not_json`, `message_blank`,',
  "`message_not_text`, `message_too_long`, `product_invalid`, `product_not_found`, `rate_limited`,",
  "`server_error`, `blocked` (one side blocked the room: nothing is sent until it is unblocked),",
  "`client_id_invalid` (not a UUID);",
  "the socket stays open.",
  "",
  "**Close codes**: 1001 server shutting down, 1012 reconnect (the server may have missed messages:",
  "fetch the history again), 1009 a frame over 64 KiB, 4429 more than 64 frames waiting, 4401 the",
  "session ended (logged out, or the account suspended): a frame sent after that is not stored. The server",
  "pings every 30 s and drops sockets that do not answer, and drops a reader more than 1 MiB behind",
  "(the client sees 1006): reconnect with backoff and fetch the history to fill the gap.",
].join("\n");

/** Adds the room's socket to `app` (the route that admits an upgrade, and the socket handler). */
export function chatSocketRoute(app: Parameters<FastifyPluginAsyncZod>[0], context: ChatSocketContext): void {
  const { db, rooms, blocks, hub, fanOut, writer, allowance } = context;

  /** Refuses the upgrade (400 without katale.chat.v1, 401/403/429) before it happens; sets request.chatAdmission. */
  async function admit(request: FastifyRequest<{ Params: { slug: string } }>, reply: FastifyReply) {
    // A plain GET: the handler says this address is a socket.
    if (!request.ws) return;
    const offered = String(request.headers["sec-websocket-protocol"] ?? "")
      .split(",")
      .map((p) => p.trim());
    if (!offered.includes(CHAT_PROTOCOL))
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
    const elsewhere = context.sockets
      ? await context.sockets.elsewhere(user.id).catch((err: unknown) => {
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
          .then(() => handleFrame(member, room, user.tokenId, text, markRead))
          .catch((err) => {
            request.log.warn({ err }, "chat: a frame failed");
            reply(member, { error: messages.api.serverError, code: "server_error" });
          })
          .finally(() => {
            pending--;
          });
      });
    },
  });

  const reply = (member: Member, frame: object) => hub.send(member, JSON.stringify(frame));
  const refuse = (member: Member, code: ChatFrameError, error: string) => reply(member, { error, code });

  async function handleFrame(
    member: Member,
    room: RoomAccess,
    tokenId: number,
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
      return refuse(member, "not_json", messages.chat.notJson);
    if ((parsed as { type?: unknown }).type === "read") return markRead();
    const frame = chatSendFrame.safeParse(parsed);
    if (!frame.success) return refuse(member, ...malformed(parsed));
    const body = frame.data.message.trim();
    if (body.length === 0) return refuse(member, "message_blank", messages.chat.messageBlank);
    if (body.length > CHAT_MESSAGE_MAX)
      return refuse(member, "message_too_long", messages.chat.messageTooLong);
    const clientId = frame.data.client_id?.toLowerCase();
    // Sent again (the client could not tell whether it arrived): the stored one, to the sender alone.
    if (clientId !== undefined && (await answerStored(member, clientId))) return;
    // Asked per message: a logout, a suspension or a block made on another instance holds at once,
    // with no socket to tell. A session that ended closes the socket (4401), nothing stored.
    const { signedIn, blockedBy } = await blocks.beforeSending(room.id, member.userId, tokenId);
    if (!signedIn) {
      member.socket.close(CHAT_CLOSE.unauthorized, "signed out");
      return;
    }
    if (blockedBy !== null) return refuse(member, "blocked", blockedWords(blockedBy));
    // Counted before the product lookup: unknown products cost a query too.
    if (!(await allowance.take(member.userId)))
      return refuse(member, "rate_limited", messages.chat.tooManyMessages);
    let card: ChatProductWire | undefined;
    const product = frame.data.product;
    if (product) {
      const ref = productRef(product);
      card = ref ? await rooms.productCard(ref) : undefined;
      if (!card) return refuse(member, "product_not_found", messages.chat.productNotFound);
    }
    let stored: StoredMessage;
    try {
      stored = await writer.write({ room, senderId: member.userId, text: body, product: card, clientId });
    } catch (error) {
      // The same id stored meanwhile by another socket of the sender's (a reconnect, another instance).
      if (clientId !== undefined && (await answerStored(member, clientId))) return;
      throw error;
    }
    fanOut.publish(stored);
  }

  /** Answers the message the sender stored with `clientId` to this socket alone; false when there is none. */
  async function answerStored(member: Member, clientId: string): Promise<boolean> {
    const stored = await rooms.messageByClientId(member.userId, clientId);
    if (stored === undefined) return false;
    reply(member, { message: stored.wire });
    return true;
  }
}

/** What is wrong with a JSON object that is not a send frame: no text, text of another type, or the product. */
function malformed(parsed: object): [ChatFrameError, string] {
  if (!("message" in parsed)) return ["message_blank", messages.chat.messageBlank];
  if (typeof parsed.message !== "string") return ["message_not_text", messages.chat.messageNotText];
  if (
    "client_id" in parsed &&
    parsed.client_id !== undefined &&
    !chatSendFrame.shape.client_id.safeParse(parsed.client_id).success
  )
    return ["client_id_invalid", messages.chat.clientIdInvalid];
  return ["product_invalid", messages.chat.productInvalid];
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
