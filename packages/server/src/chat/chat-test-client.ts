import { CHAT_BEARER_PREFIX, CHAT_PROTOCOL } from "@katale/adapters-http/contract";
import { WebSocket } from "ws";
import type { TestServer } from "../testing/test-server.js";

// A real `ws` client of a room's socket for the chat tests: frames arrive in a queue, `next()` waits
// for the next one; `refusal()` answers the HTTP status of a refused upgrade; `roomSlug()` opens a room.

export interface ChatClient {
  socket: WebSocket;
  protocol: string;
  /** The next frame (parsed JSON), or a failure after `ms`. */
  next(ms?: number): Promise<Record<string, unknown>>;
  /** No frame arrives within `ms`. */
  quiet(ms?: number): Promise<boolean>;
  send(frame: unknown): void;
  closed: Promise<{ code: number; reason: string }>;
  close(): Promise<void>;
}

/** The slug of the room between the user of `token` and the shop (opened through Fastify's inject). */
export async function roomSlug(server: TestServer, shopId: number, token: string): Promise<string> {
  const opened = await server.app.inject({
    method: "GET",
    url: `/api/shop/chat/room/get-room/${shopId}`,
    headers: { authorization: `Token ${token}` },
  });
  return opened.json().data.slug as string;
}

export function socketUrl(server: TestServer, slug: string): string {
  return `${server.baseUrl.replace(/^http/, "ws")}/api/shop/chat/${encodeURIComponent(slug)}/`;
}

function connect(server: TestServer, slug: string, token?: string, protocols?: string[]): WebSocket {
  const offered = protocols ?? [CHAT_PROTOCOL, ...(token ? [`${CHAT_BEARER_PREFIX}${token}`] : [])];
  return new WebSocket(socketUrl(server, slug), offered);
}

export async function openChat(server: TestServer, slug: string, token: string): Promise<ChatClient> {
  const socket = connect(server, slug, token);
  const frames: Record<string, unknown>[] = [];
  const waiting: ((frame: Record<string, unknown>) => void)[] = [];
  socket.on("message", (data) => {
    const frame = JSON.parse(data.toString()) as Record<string, unknown>;
    const waiter = waiting.shift();
    if (waiter) waiter(frame);
    else frames.push(frame);
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.on("close", (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  await new Promise<void>((resolve, reject) => {
    socket.once("open", () => resolve());
    socket.once("error", reject);
  });
  return {
    socket,
    protocol: socket.protocol,
    next(ms = 5000) {
      const ready = frames.shift();
      if (ready) return Promise.resolve(ready);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          const i = waiting.indexOf(take);
          if (i >= 0) waiting.splice(i, 1);
          reject(new Error(`no frame within ${ms} ms`));
        }, ms);
        const take = (frame: Record<string, unknown>) => {
          clearTimeout(timer);
          resolve(frame);
        };
        waiting.push(take);
      });
    },
    async quiet(ms = 300) {
      if (frames.length > 0) return false;
      await new Promise((resolve) => setTimeout(resolve, ms));
      return frames.length === 0;
    },
    send(frame) {
      socket.send(typeof frame === "string" ? frame : JSON.stringify(frame));
    },
    closed,
    async close() {
      if (socket.readyState === socket.CLOSED) return;
      socket.close();
      await closed;
    },
  };
}

/** The HTTP status of a refused upgrade (or "open" when it was accepted, then closed). */
export function refusal(
  server: TestServer,
  slug: string,
  token?: string,
  protocols?: string[],
): Promise<number | "open"> {
  const socket = connect(server, slug, token, protocols);
  return new Promise((resolve) => {
    socket.once("unexpected-response", (_request, response) => {
      resolve(response.statusCode ?? 0);
      socket.terminate();
    });
    socket.once("open", () => {
      resolve("open");
      socket.close();
    });
    socket.once("error", () => resolve(0));
  });
}
