import { homedir } from "node:os";
import {
  type AccountGateways,
  type BrowseGateways,
  createAccountGateways,
  createBrowseGateways,
  type FetchLike,
  type ServiceUrls,
} from "@katale/adapters-http";
import { fileLocalStorage } from "@katale/adapters-storage";
import type {
  AuthGateway,
  CategoryGateway,
  KeyValueStorage,
  ProductGateway,
  ShopGateway,
} from "@katale/domain";
import { Container, ContainerModule, type ServiceIdentifier } from "inversify";
import type { AccountServices } from "./auth/account-services.js";
import type { Prompter } from "./auth/prompter.js";
import { sessionFilePath } from "./auth/session-path.js";
import { terminalPrompter } from "./auth/terminal-prompter.js";
import type { CliServices } from "./cli-services.js";
import type { Environment, ResolvedServiceUrls } from "./config/service-urls.js";

// The one place the CLI binds the domain's ports to adapters (DESIGN §5). Plain bindings, no
// decorators: the gateways are built by the HTTP adapter's factory.

export const TOKENS = {
  serviceUrls: Symbol.for("katale.ServiceUrls") as ServiceIdentifier<ServiceUrls>,
  fetch: Symbol.for("katale.Fetch") as ServiceIdentifier<FetchLike>,
  browseGateways: Symbol.for("katale.BrowseGateways") as ServiceIdentifier<BrowseGateways>,
  categoryGateway: Symbol.for("katale.CategoryGateway") as ServiceIdentifier<CategoryGateway>,
  productGateway: Symbol.for("katale.ProductGateway") as ServiceIdentifier<ProductGateway>,
  shopGateway: Symbol.for("katale.ShopGateway") as ServiceIdentifier<ShopGateway>,
  accountGateways: Symbol.for("katale.AccountGateways") as ServiceIdentifier<AccountGateways>,
  authGateway: Symbol.for("katale.AuthGateway") as ServiceIdentifier<AuthGateway>,
  sessionFile: Symbol.for("katale.SessionFile") as ServiceIdentifier<string>,
  sessionStorage: Symbol.for("katale.SessionStorage") as ServiceIdentifier<KeyValueStorage>,
  prompter: Symbol.for("katale.Prompter") as ServiceIdentifier<Prompter>,
} as const;

/** The browse ports over HTTP; needs `serviceUrls` and `fetch` bound. */
export const httpBrowseModule = new ContainerModule(({ bind }) => {
  bind<BrowseGateways>(TOKENS.browseGateways)
    .toDynamicValue((context) =>
      createBrowseGateways({
        ...context.get<ServiceUrls>(TOKENS.serviceUrls),
        fetch: context.get<FetchLike>(TOKENS.fetch),
      }),
    )
    .inSingletonScope();
  bind<CategoryGateway>(TOKENS.categoryGateway).toDynamicValue(
    (context) => context.get<BrowseGateways>(TOKENS.browseGateways).categories,
  );
  bind<ProductGateway>(TOKENS.productGateway).toDynamicValue(
    (context) => context.get<BrowseGateways>(TOKENS.browseGateways).products,
  );
  bind<ShopGateway>(TOKENS.shopGateway).toDynamicValue(
    (context) => context.get<BrowseGateways>(TOKENS.browseGateways).shops,
  );
});

/** The account ports over HTTP; needs `serviceUrls` and `fetch` bound. */
export const httpAccountModule = new ContainerModule(({ bind }) => {
  bind<AccountGateways>(TOKENS.accountGateways)
    .toDynamicValue((context) =>
      createAccountGateways({
        ...context.get<ServiceUrls>(TOKENS.serviceUrls),
        fetch: context.get<FetchLike>(TOKENS.fetch),
      }),
    )
    .inSingletonScope();
  bind<AuthGateway>(TOKENS.authGateway).toDynamicValue(
    (context) => context.get<AccountGateways>(TOKENS.accountGateways).auth,
  );
});

/** The session in a 0600 JSON file, and the terminal; needs `sessionFile` bound. */
export const terminalSessionModule = new ContainerModule(({ bind }) => {
  bind<KeyValueStorage>(TOKENS.sessionStorage)
    .toDynamicValue((context) => fileLocalStorage(context.get<string>(TOKENS.sessionFile)))
    .inSingletonScope();
  bind<Prompter>(TOKENS.prompter)
    .toDynamicValue(() => terminalPrompter(process.stdin, process.stderr))
    .inSingletonScope();
});

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
  const container = new Container();
  container.bind<ServiceUrls>(TOKENS.serviceUrls).toConstantValue(urls);
  container.bind<FetchLike>(TOKENS.fetch).toConstantValue(fetch);
  container.bind<string>(TOKENS.sessionFile).toConstantValue(sessionFilePath(env, homeDir));
  container.load(httpBrowseModule, httpAccountModule, terminalSessionModule);
  return container;
}

/** The services of one run: resolved here, handed to the commands as plain values. */
export function connectServices(
  urls: ResolvedServiceUrls,
  options: FetchLike | ContainerOptions = {},
): CliServices {
  const container = createContainer(urls, options);
  const account: AccountServices = {
    auth: container.get<AuthGateway>(TOKENS.authGateway),
    storage: container.get<KeyValueStorage>(TOKENS.sessionStorage),
    sessionFile: container.get<string>(TOKENS.sessionFile),
    prompter: container.get<Prompter>(TOKENS.prompter),
  };
  return {
    urls,
    categories: container.get<CategoryGateway>(TOKENS.categoryGateway),
    products: container.get<ProductGateway>(TOKENS.productGateway),
    shops: container.get<ShopGateway>(TOKENS.shopGateway),
    account,
  };
}
