import {
  AesShopIdCipher,
  createAccountGateways,
  createBrowseGateways,
  type FetchLike,
  HttpClient,
  ReviewHttpGateway,
} from "@katale/adapters-http";
import { browserLocalStorage, browserSessionStorage } from "@katale/adapters-storage";
import { type Clock, mediaUrl } from "@katale/domain";
import { Container } from "inversify";
import type { AppConfig } from "./app-config.js";
import { type Services, TOKENS } from "./services.js";

// The one place where the domain's ports meet their adapters. Screens never see the container:
// main.tsx resolves the services once and hands them to React through ServicesProvider.

// Multipart bodies are Uint8Arrays, which the DOM's fetch takes although its typing is narrower.
const browserFetch: FetchLike = (url, init) => fetch(url, init as RequestInit);

const browserClock: Clock = {
  now: () => new Date(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

export function createContainer(config: AppConfig, fetchFn: FetchLike = browserFetch): Container {
  const container = new Container();
  const urls = { authUrl: config.authUrl, shopUrl: config.shopUrl };
  const gateways = createBrowseGateways({ ...urls, fetch: fetchFn });
  container.bind(TOKENS.categories).toConstantValue(gateways.categories);
  container.bind(TOKENS.products).toConstantValue(gateways.products);
  container.bind(TOKENS.shops).toConstantValue(gateways.shops);
  container.bind(TOKENS.support).toConstantValue(gateways.support);
  const account = createAccountGateways({ ...urls, fetch: fetchFn });
  container.bind(TOKENS.auth).toConstantValue(account.auth);
  container.bind(TOKENS.userVerification).toConstantValue(account.userVerification);
  container.bind(TOKENS.addresses).toConstantValue(account.addresses);
  container.bind(TOKENS.reviews).toConstantValue(new ReviewHttpGateway(new HttpClient(urls, fetchFn)));
  container.bind(TOKENS.shopIds).toConstantValue(new AesShopIdCipher(config.shopIdSecret));
  container.bind(TOKENS.local).toConstantValue(browserLocalStorage());
  container.bind(TOKENS.session).toConstantValue(browserSessionStorage());
  container.bind(TOKENS.clock).toConstantValue(browserClock);
  container
    .bind(TOKENS.media)
    .toConstantValue((path: string | null | undefined) => mediaUrl(config.shopUrl, path));
  return container;
}

/** The services every screen's hooks use, resolved once. */
export function resolveServices(container: Container): Services {
  const get = <K extends keyof Services>(key: K): Services[K] => container.get<Services[K]>(TOKENS[key]);
  return {
    categories: get("categories"),
    products: get("products"),
    shops: get("shops"),
    support: get("support"),
    auth: get("auth"),
    userVerification: get("userVerification"),
    addresses: get("addresses"),
    reviews: get("reviews"),
    shopIds: get("shopIds"),
    local: get("local"),
    session: get("session"),
    clock: get("clock"),
    media: get("media"),
  };
}
