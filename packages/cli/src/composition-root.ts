import { homedir } from "node:os";
import { type FetchLike, httpGatewaysModule, type ServiceUrls } from "@katale/adapters-http";
import { jsonFileStorageModule } from "@katale/adapters-storage";
import { Container, ContainerModule } from "inversify";
import { adminModule } from "./admin/admin-module.js";
import { accountModule } from "./auth/account-module.js";
import { sessionFilePath } from "./auth/session-path.js";
import { chatModule } from "./chat/chat-module.js";
import type { CliServices } from "./cli-services.js";
import { CLI_TOKENS, portsFrom, resolve } from "./cli-tokens.js";
import type { Environment, ResolvedServiceUrls } from "./config/service-urls.js";
import { engagementModule } from "./engagement/engagement-module.js";
import { findModule } from "./find/find-module.js";
import { retryBusy } from "./http/retry-busy.js";
import { moderationModule } from "./moderation/moderation-module.js";
import { notificationModule } from "./notifications/notification-module.js";
import { sellingModule } from "./selling/selling-module.js";
import { smokeModule } from "./smoke/smoke-target.js";

// The one place the CLI composes its container (DESIGN §5): the adapter packages' modules bind the
// domain's ports (`PORTS`), each feature's module binds its services over those ports, and the
// commands resolve a feature's services when they first use them.

export { CLI_TOKENS } from "./cli-tokens.js";

export interface ContainerOptions {
  readonly fetch?: FetchLike;
  /** Where the session file goes (KATALE_CONFIG_DIR, XDG_CONFIG_HOME, HOME). */
  readonly env?: Environment;
  readonly homeDir?: string;
}

/** The URLs the services were resolved for, named in messages. */
function urlsModule(urls: ServiceUrls): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bind(CLI_TOKENS.urls).toConstantValue(urls as ResolvedServiceUrls);
  });
}

export function createContainer(urls: ServiceUrls, options: FetchLike | ContainerOptions = {}): Container {
  const {
    fetch = globalThis.fetch,
    env = process.env,
    homeDir = homedir(),
  } = typeof options === "function" ? { fetch: options } : options;
  const sessionFile = sessionFilePath(env, homeDir);
  const container = new Container();
  const gatewayOptions = { authUrl: urls.authUrl, shopUrl: urls.shopUrl, fetch: retryBusy(fetch) };
  container.load(
    urlsModule(urls),
    httpGatewaysModule(gatewayOptions),
    jsonFileStorageModule(sessionFile),
    accountModule(sessionFile),
    engagementModule(),
    sellingModule(),
    adminModule(),
    chatModule(urls.shopUrl),
    smokeModule(),
    findModule(gatewayOptions),
    notificationModule(),
    moderationModule(gatewayOptions),
  );
  return container;
}

/**
 * The services of one run, for the commands: the browse ports at once, each feature's services
 * resolved from the container when a command first asks for them.
 */
export function connectServices(
  urls: ResolvedServiceUrls,
  options: FetchLike | ContainerOptions = {},
): CliServices {
  const container = createContainer(urls, options);
  return {
    urls,
    ...portsFrom(container, ["categories", "products", "shops"]),
    get account() {
      return resolve(container, CLI_TOKENS.account);
    },
    get engagement() {
      return resolve(container, CLI_TOKENS.engagement);
    },
    get selling() {
      return resolve(container, CLI_TOKENS.selling);
    },
    get admin() {
      return resolve(container, CLI_TOKENS.admin);
    },
    get chat() {
      return resolve(container, CLI_TOKENS.chat);
    },
    get smoke() {
      return resolve(container, CLI_TOKENS.smoke);
    },
    get find() {
      return resolve(container, CLI_TOKENS.find);
    },
    get notifications() {
      return resolve(container, CLI_TOKENS.notifications);
    },
    get moderation() {
      return resolve(container, CLI_TOKENS.moderation);
    },
  };
}
