import {
  CHAT_BEARER_PREFIX,
  NOTIFICATIONS_PROTOCOL,
  notificationSocket,
} from "@katale/adapters-http/contract";
import { messages } from "@katale/domain";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Kysely } from "kysely";
import type { WebSocket } from "ws";
import { type AuthUser, authenticateToken } from "../auth/authenticate.js";
import type { ChatHub } from "../chat/chat-hub.js";
import type { Database } from "../db/schema.js";
import { sendError } from "../http/error-reply.js";
import type { NotificationLive } from "./notification-live.js";

// The user's notification socket `notifications/socket/`: admitted like a chat room's (the token as
// the subprotocol `bearer.<token>` beside `katale.notifications.v1`, never in the URL); it only
// listens. NotificationLive brings it every entry written for the user and every change of the count.

const TAG = "notifications";

declare module "fastify" {
  interface FastifyRequest {
    /** Set by the socket's admission (preHandler) for the socket handler. */
    notificationAdmission?: AuthUser;
  }
}

const SOCKET_DESCRIPTION = [
  "The user's live notifications: a WebSocket (not an HTTP call: a plain GET answers 426).",
  "",
  "**Connect** to `ws(s)://<host>/api/shop/notifications/socket/` offering two subprotocols:",
  "`katale.notifications.v1` and `bearer.<token>` (the login key). The server answers",
  "`katale.notifications.v1`. The upgrade is refused with 401 (no or invalid token) and 429 (20 open",
  "notification sockets already on this instance).",
  "",
  "**Receive** (JSON text): first `{unread}`, the user's unread count; then",
  "`{notification: {id, kind, title, body, url, image_url, created_at, read}, unread}` whenever an",
  "entry is added or folded (an entry of GET `notifications/`, with the new unread count), and",
  "`{unread}` whenever the user marks some read (on any device). Frames sent to the server are ignored.",
  "",
  "**Close codes**: 1001 server shutting down, 1012 reconnect (counts may have been missed: the",
  "first frame after reconnecting has the count). The server pings every 30 s and drops sockets that",
  "do not answer. Reconnect with backoff.",
].join("\n");

export interface NotificationSocketContext {
  db: Kysely<Database>;
  /** The users' sockets on this instance, one "room" per user. */
  hub: ChatHub;
  live: NotificationLive;
}

export function notificationSocketRoute(
  app: Parameters<FastifyPluginAsyncZod>[0],
  { db, hub, live }: NotificationSocketContext,
): void {
  async function admit(request: FastifyRequest, reply: FastifyReply) {
    // A plain GET: the handler says this address is a socket.
    if (!request.ws) return;
    const offered = String(request.headers["sec-websocket-protocol"] ?? "")
      .split(",")
      .map((p) => p.trim());
    if (!offered.includes(NOTIFICATIONS_PROTOCOL))
      return sendError(reply, 400, "invalid_input", { detail: messages.inbox.socketOnly });
    const bearer = offered.find((p) => p.startsWith(CHAT_BEARER_PREFIX));
    const token = bearer?.slice(CHAT_BEARER_PREFIX.length) ?? "";
    const user = token ? await authenticateToken(db, token) : null;
    if (!user) {
      return sendError(reply, 401, token ? "invalid_token" : "not_authenticated", {
        detail: token ? messages.authServer.invalidToken : messages.authServer.credentialsMissing,
      });
    }
    if (!hub.canOpen(user.id))
      return sendError(reply, 429, "rate_limited", { detail: messages.inbox.tooManySockets });
    request.notificationAdmission = user;
  }

  app.route({
    method: "GET",
    url: `/${notificationSocket.path}`,
    schema: {
      tags: [TAG],
      summary:
        "The user's WebSocket: live unread count and new entries (katale.notifications.v1, bearer.<token>)",
      description: SOCKET_DESCRIPTION,
    },
    preHandler: admit,
    handler: async (_request, reply) =>
      sendError(reply, 426, "invalid_input", { detail: messages.inbox.socketOnly }),
    wsHandler: (socket: WebSocket, request: FastifyRequest) => {
      const user = request.notificationAdmission;
      if (!user) {
        socket.close(4403, "not admitted");
        return;
      }
      // Joined before the count is read: an entry written meanwhile still reaches this socket.
      const member = hub.join(socket, user.id, user.id);
      live
        .welcome(user.id)
        .then((frame) => hub.send(member, frame))
        .catch((err) => request.log.warn({ err }, "notifications: cannot read the unread count"));
    },
  });
}
