import {
  ChatSocketConnector,
  createHttpGateways,
  type FetchLike,
  type WebSocketConstructor,
} from "@katale/adapters-http";
import { CHAT_BEARER_PREFIX, CHAT_PROTOCOL } from "@katale/adapters-http/contract";
import { ContainerModule } from "inversify";
import { WebSocket } from "ws";
import { CLI_TOKENS, resolve } from "../cli-tokens.js";
import type { ResolvedServiceUrls } from "../config/service-urls.js";
import type { ChatSocketAnswer, SmokeTarget } from "./smoke-checks.js";

/** `katale smoke`: its own gateways and plain GETs, bound for the composition root to load. */
export function smokeModule(): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bind<(timeoutMs: number) => SmokeTarget>(CLI_TOKENS.smoke).toDynamicValue(
      (context) => (timeoutMs) => smokeTarget(resolve(context, CLI_TOKENS.urls), timeoutMs),
    );
  });
}

/**
 * What `katale smoke` calls: fresh gateways (no stored session is read or written) whose every
 * request is aborted after `timeoutMs`, and a plain GET for health, an image and the API reference.
 */
function smokeTarget(urls: ResolvedServiceUrls, timeoutMs: number): SmokeTarget {
  // The run gives up on a check at `timeoutMs` and says so; the request itself is dropped a moment later.
  const abortAfter = timeoutMs + 500;
  const bounded: FetchLike = (url, init) =>
    globalThis.fetch(url, { ...init, signal: AbortSignal.timeout(abortAfter) } as RequestInit);
  return {
    shopUrl: urls.shopUrl,
    authUrl: urls.authUrl,
    ports: createHttpGateways({ authUrl: urls.authUrl, shopUrl: urls.shopUrl, fetch: bounded }),
    get: async (url) => {
      const response = await globalThis.fetch(url, { signal: AbortSignal.timeout(abortAfter) });
      return {
        status: response.status,
        contentType: response.headers.get("content-type") ?? "",
        body: new Uint8Array(await response.arrayBuffer()),
      };
    },
    chatSocket: (slug, token) => openChatSocketOnce(urls.shopUrl, slug, token, abortAfter),
  };
}

/**
 * Opens a room's socket as the clients do (subprotocols katale.chat.v1 and bearer.<token>) and
 * closes it as soon as it is open: which subprotocol the server answered, or the status it refused
 * the upgrade with. Network trouble (or no answer within `timeoutMs`) rejects.
 */
function openChatSocketOnce(
  shopUrl: string,
  slug: string,
  token: string,
  timeoutMs: number,
): Promise<ChatSocketAnswer> {
  const url = new ChatSocketConnector(shopUrl, WebSocket as unknown as WebSocketConstructor).socketUrl(slug);
  const socket = new WebSocket(url, [CHAT_PROTOCOL, `${CHAT_BEARER_PREFIX}${token}`]);
  return new Promise<ChatSocketAnswer>((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.terminate();
      reject(new Error("no answer"));
    }, timeoutMs);
    const settle = (answer: ChatSocketAnswer | Error) => {
      clearTimeout(timer);
      if (answer instanceof Error) reject(answer);
      else resolve(answer);
    };
    socket.once("open", () => {
      const protocol = socket.protocol;
      socket.once("close", () => settle({ protocol }));
      socket.close(1000, "smoke check");
    });
    socket.once("unexpected-response", (_request, response) => {
      settle({ refused: response.statusCode ?? 0 });
      socket.terminate();
    });
    socket.once("error", (error) => settle(error));
  });
}
