import fastifyWebsocket from "@fastify/websocket";
import { CHAT_CLOSE, CHAT_PROTOCOL, NOTIFICATIONS_PROTOCOL } from "@katale/adapters-http/contract";
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import type { ChatHub } from "./chat-hub.js";

/** Frames larger than this close the socket (1009); frames up to it get an error frame when refused. */
const MAX_FRAME_BYTES = 64 * 1024;

/**
 * The WebSocket server of the whole app (registered on the root, so an upgrade to any other path is
 * closed): no per-message deflate, frames up to 64 KiB, only the katale.chat.v1 and
 * katale.notifications.v1 subprotocols; at shutdown every socket of the hubs hears 1001 (going away)
 * and reconnects, to another instance or later.
 */
export async function registerChatSockets(
  app: FastifyInstance,
  hub: ChatHub,
  ...others: ChatHub[]
): Promise<void> {
  await app.register(fastifyWebsocket, {
    options: {
      perMessageDeflate: false,
      maxPayload: MAX_FRAME_BYTES,
      handleProtocols: (offered) =>
        offered.has(CHAT_PROTOCOL)
          ? CHAT_PROTOCOL
          : offered.has(NOTIFICATIONS_PROTOCOL)
            ? NOTIFICATIONS_PROTOCOL
            : false,
    },
    errorHandler: (error, socket, request) => socketError(error, request.log, () => socket.terminate()),
    preClose(done) {
      for (const each of [hub, ...others]) {
        each.stop();
        each.closeAll(CHAT_CLOSE.goingAway, "server shutting down");
      }
      app.websocketServer.close();
      done();
    },
  });
}

/**
 * A socket's error: a client's fault (a frame over 64 KiB closed with 1009, broken framing, a
 * dropped connection) is logged at info without a stack; anything else is the server's, at error.
 * Either way the socket is closed.
 */
export function socketError(
  error: Error & { code?: string },
  log: FastifyBaseLogger,
  close: () => void,
): void {
  const code = error.code ?? "";
  if (code.startsWith("WS_ERR_") || code === "ECONNRESET" || code === "EPIPE") {
    log.info({ code, reason: error.message }, "chat: socket closed for the client's fault");
  } else {
    log.error({ err: error }, "chat: socket failed");
  }
  close();
}
