import { homedir } from "node:os";
import { dirname } from "node:path";
import {
  ChatSocketConnector,
  createHttpGateways,
  type FetchLike,
  httpGatewaysModule,
  type ServiceUrls,
  type WebSocketConstructor,
} from "@katale/adapters-http";
import { CHAT_BEARER_PREFIX, CHAT_PROTOCOL } from "@katale/adapters-http/contract";
import { jsonFileStorageModule } from "@katale/adapters-storage";
import { type ChatConnector, mediaUrl, PORTS, type PortToken, portToken } from "@katale/domain";
import { Container, ContainerModule } from "inversify";
import { WebSocket } from "ws";
import type { AccountServices } from "./auth/account-services.js";
import type { Prompter } from "./auth/prompter.js";
import { sessionFilePath } from "./auth/session-path.js";
import { terminalPrompter } from "./auth/terminal-prompter.js";
import { systemClock } from "./chat/system-clock.js";
import type { CliServices } from "./cli-services.js";
import type { Environment, ResolvedServiceUrls } from "./config/service-urls.js";
import type { ChatSocketAnswer, SmokeTarget } from "./smoke/smoke-checks.js";

// The one place the CLI binds the domain's ports to adapters (DESIGN §5): the adapter packages'
// modules bind the ports (`PORTS`), this root adds what is the terminal's own (the prompter, the
// session file's path) and resolves everything once for the commands.

/** What only the CLI has, beside the domain's ports. */
export const CLI_TOKENS = {
  sessionFile: portToken<string>("cli.SessionFile"),
  prompter: portToken<Prompter>("cli.Prompter"),
} as const;

/**
 * The chat room's socket: the adapter takes a browser-shaped WebSocket; Node 20 has none by
 * default, so `ws` (the same API) stands in.
 */
function chatSocketsModule(shopUrl: string): ContainerModule {
  return new ContainerModule(({ bind }) => {
    const Socket = (globalThis as { WebSocket?: unknown }).WebSocket ?? WebSocket;
    bind<ChatConnector>(PORTS.chatSockets).toConstantValue(
      new ChatSocketConnector(shopUrl, Socket as WebSocketConstructor),
    );
  });
}

/** The terminal: prompts on stderr, so `--json` output on stdout stays clean. */
function terminalModule(sessionFile: string): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bind<string>(CLI_TOKENS.sessionFile).toConstantValue(sessionFile);
    bind<Prompter>(CLI_TOKENS.prompter)
      .toDynamicValue(() => terminalPrompter(process.stdin, process.stderr))
      .inSingletonScope();
  });
}

export interface ContainerOptions {
  readonly fetch?: FetchLike;
  /** Where the session file goes (KATALE_CONFIG_DIR, XDG_CONFIG_HOME, HOME). */
  readonly env?: Environment;
  readonly homeDir?: string;
}

export function createContainer(urls: ServiceUrls, options: FetchLike | ContainerOptions = {}): Container {
  const {
    fetch = globalThis.fetch,
    env = process.env,
    homeDir = homedir(),
  } = typeof options === "function" ? { fetch: options } : options;
  const sessionFile = sessionFilePath(env, homeDir);
  const container = new Container();
  container.load(
    httpGatewaysModule({ authUrl: urls.authUrl, shopUrl: urls.shopUrl, fetch }),
    jsonFileStorageModule(sessionFile),
    chatSocketsModule(urls.shopUrl),
    terminalModule(sessionFile),
  );
  return container;
}

/** The services of one run: resolved here, handed to the commands as plain values. */
export function connectServices(
  urls: ResolvedServiceUrls,
  options: FetchLike | ContainerOptions = {},
): CliServices {
  const container = createContainer(urls, options);
  const get = <T>(token: PortToken<T>): T => container.get<T>(token);
  const account: AccountServices = {
    auth: get(PORTS.auth),
    storage: get(PORTS.localStorage),
    sessionFile: get(CLI_TOKENS.sessionFile),
    prompter: get(CLI_TOKENS.prompter),
  };
  return {
    urls,
    categories: get(PORTS.categories),
    products: get(PORTS.products),
    shops: get(PORTS.shops),
    account,
    engagement: {
      storage: account.storage,
      savedProducts: get(PORTS.savedProducts),
      follows: get(PORTS.follows),
      ratings: get(PORTS.ratings),
      reviews: get(PORTS.reviews),
      browseHistory: get(PORTS.browseHistory),
    },
    selling: {
      storage: account.storage,
      shopAdmin: get(PORTS.shopAdmin),
      productAdmin: get(PORTS.productAdmin),
      shopVerification: get(PORTS.shopVerification),
      addresses: get(PORTS.addresses),
      stateDir: dirname(account.sessionFile),
      download: (path) => downloadMedia(mediaUrl(urls.shopUrl, path)),
    },
    admin: {
      storage: account.storage,
      auth: account.auth,
      catalogueAdmin: get(PORTS.catalogueAdmin),
      verificationReview: get(PORTS.verificationReview),
      adminRole: get(PORTS.adminRole),
      stateDir: dirname(account.sessionFile),
    },
    chat: {
      storage: account.storage,
      chat: get(PORTS.chat),
      sockets: get(PORTS.chatSockets),
      clock: systemClock,
      // Read only by `chat open`: process.stdin is made on first use.
      get input() {
        return process.stdin;
      },
      output: process.stdout,
    },
    smoke: (timeoutMs) => smokeTarget(urls, timeoutMs),
  };
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

/** An image the shop service names, as bytes (`products export`); null when it cannot be had. */
async function downloadMedia(url: string | null): Promise<Uint8Array | null> {
  if (url === null) return null;
  try {
    const response = await globalThis.fetch(url);
    return response.status === 200 ? new Uint8Array(await response.arrayBuffer()) : null;
  } catch {
    return null;
  }
}
