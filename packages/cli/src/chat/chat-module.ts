import { ChatSocketConnector, type WebSocketConstructor } from "@katale/adapters-http";
import { type ChatConnector, PORTS } from "@katale/domain";
import { ContainerModule } from "inversify";
import { WebSocket } from "ws";
import { CLI_TOKENS, resolve } from "../cli-tokens.js";
import type { ChatServices } from "./chat-services.js";
import { systemClock } from "./system-clock.js";

/**
 * The chat room's socket, and the chat commands' services. The adapter takes a browser-shaped
 * WebSocket; Node 20 has none by default, so `ws` (the same API) stands in.
 */
export function chatModule(shopUrl: string): ContainerModule {
  return new ContainerModule(({ bind }) => {
    const Socket = (globalThis as { WebSocket?: unknown }).WebSocket ?? WebSocket;
    bind<ChatConnector>(PORTS.chatSockets).toConstantValue(
      new ChatSocketConnector(shopUrl, Socket as WebSocketConstructor),
    );
    bind<ChatServices>(CLI_TOKENS.chat)
      .toDynamicValue((context) => ({
        storage: resolve(context, PORTS.localStorage),
        chat: resolve(context, PORTS.chat),
        sockets: resolve(context, PORTS.chatSockets),
        clock: systemClock,
        // Read only by `chat open`: process.stdin is made on first use.
        get input() {
          return process.stdin;
        },
        output: process.stdout,
      }))
      .inSingletonScope();
  });
}
