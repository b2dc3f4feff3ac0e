import type { IncomingMessage, Server } from "node:http";
import type { Socket } from "node:net";

// An answer sent before the request's body was read (413, a refused file, a wrong token: the
// connection closes after it) must reach the client. Node's HTTP server closes such a connection as
// soon as the answer is written; the client is still sending, the kernel answers its next bytes with
// a reset, and a client that meets the reset while writing (fetch on Node 24: EPIPE) loses the
// answer that had arrived. As nginx and Apache do ("lingering close"), the server instead ends its
// side after the answer and reads and throws away what the client still sends, until the client
// closes or LINGER_MS pass, then closes; the client has read the answer by then.

/** Most time a connection is kept, after an early answer, for the client to stop sending. */
export const LINGER_MS = 5_000;

const LAST_REQUEST = Symbol("lastRequest");
type Tracked = Socket & { [LAST_REQUEST]?: IncomingMessage; destroySoon?: () => void };

/** Makes `server` close connections gently when it answered before a request's body was all read. */
export function lingerAfterEarlyAnswers(server: Server, lingerMs = LINGER_MS): void {
  server.on("connection", (socket: Tracked) => {
    // Node closes a connection after an answer with `Connection: close` through destroySoon().
    const destroySoon = socket.destroySoon;
    if (typeof destroySoon !== "function") return;
    socket.destroySoon = function (this: Tracked) {
      const request = this[LAST_REQUEST];
      this[LAST_REQUEST] = undefined;
      if (!request || request.complete || this.destroyed || !this.readable) {
        destroySoon.call(this);
        return;
      }
      linger(this, lingerMs);
    };
  });
  // First among the listeners, so the request is known before any answer to it finishes.
  server.prependListener("request", (request: IncomingMessage) => {
    (request.socket as Tracked)[LAST_REQUEST] = request;
  });
}

function linger(socket: Socket, lingerMs: number): void {
  // The answer goes first, then this side's end; what arrives meanwhile is read and dropped (the
  // request's body was dumped by node, so its parser discards it).
  socket.end();
  const close = () => {
    clearTimeout(timer);
    socket.destroy();
  };
  const timer = setTimeout(close, lingerMs);
  timer.unref();
  socket.once("end", close);
  socket.once("close", () => clearTimeout(timer));
  socket.resume();
}
