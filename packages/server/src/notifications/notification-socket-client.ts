import { CHAT_BEARER_PREFIX, NOTIFICATIONS_PROTOCOL } from "@katale/adapters-http/contract";
import { WebSocket } from "ws";
import type { TestServer } from "../testing/test-server.js";

// A real `ws` client of a user's notification socket for the tests: frames arrive in a queue,
// `next()` waits for the next one; `refusal()` answers the HTTP status of a refused upgrade.

export interface InboxClient {
  protocol: string;
  /** The next frame (parsed JSON), or a failure after `ms`. */
  next(ms?: number): Promise<Record<string, unknown>>;
  close(): Promise<void>;
}

const urlOf = (server: TestServer) =>
  `${server.baseUrl.replace(/^http/, "ws")}/api/shop/notifications/socket/`;

export async function openInbox(server: TestServer, token: string): Promise<InboxClient> {
  const socket = new WebSocket(urlOf(server), [NOTIFICATIONS_PROTOCOL, `${CHAT_BEARER_PREFIX}${token}`]);
  const frames: Record<string, unknown>[] = [];
  const waiting: ((frame: Record<string, unknown>) => void)[] = [];
  socket.on("message", (data) => {
    const frame = JSON.parse(data.toString()) as Record<string, unknown>;
    const waiter = waiting.shift();
    if (waiter) waiter(frame);
    else frames.push(frame);
  });
  const closed = new Promise<void>((resolve) => socket.on("close", () => resolve()));
  await new Promise<void>((resolve, reject) => {
    socket.once("open", () => resolve());
    socket.once("error", reject);
  });
  return {
    protocol: socket.protocol,
    next(ms = 15_000) {
      const ready = frames.shift();
      if (ready) return Promise.resolve(ready);
      return new Promise((resolve, reject) => {
        const take = (frame: Record<string, unknown>) => {
          clearTimeout(timer);
          resolve(frame);
        };
        const timer = setTimeout(() => {
          waiting.splice(waiting.indexOf(take), 1);
          reject(new Error(`no frame within ${ms} ms`));
        }, ms);
        waiting.push(take);
      });
    },
    async close() {
      if (socket.readyState === socket.CLOSED) return;
      socket.close();
      await closed;
    },
  };
}

/** The HTTP status of a refused upgrade (or "open" when it was accepted). */
export function inboxRefusal(server: TestServer, protocols: string[]): Promise<number | "open"> {
  const socket = new WebSocket(urlOf(server), protocols);
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
