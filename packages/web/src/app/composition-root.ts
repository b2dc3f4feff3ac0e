import { type FetchLike, httpGatewaysModule, shopIdCipherModule } from "@katale/adapters-http";
import { browserStorageModule } from "@katale/adapters-storage/browser";
import { type Clock, mediaUrl, PORTS, type PortToken } from "@katale/domain";
import { Container, ContainerModule } from "inversify";
import { uploadAwareFetch } from "../selling/product-form-upload-fetch.js";
import type { AppConfig } from "./app-config.js";
import type { Services } from "./services.js";

// The one place where the domain's ports meet their adapters: the adapter packages' modules bind
// them, this root adds what is the browser's own (the clock) and resolves everything once. Screens
// never see the container: main.tsx hands the services to React through ServicesProvider.

// fetch, but multipart bodies (pictures) go through XHR so the product form can show upload progress.
const browserFetch: FetchLike = uploadAwareFetch;

const browserClock: Clock = {
  now: () => new Date(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/** What only the browser has. */
const browserModule = new ContainerModule(({ bind }) => {
  bind<Clock>(PORTS.clock).toConstantValue(browserClock);
});

export function createContainer(config: AppConfig, fetchFn: FetchLike = browserFetch): Container {
  const container = new Container();
  container.load(
    httpGatewaysModule({ authUrl: config.authUrl, shopUrl: config.shopUrl, fetch: fetchFn }),
    shopIdCipherModule(config.shopIdSecret),
    browserStorageModule(),
    browserModule,
  );
  return container;
}

/** The services every screen's hooks use, resolved once. */
export function resolveServices(container: Container, config: AppConfig): Services {
  const get = <T>(token: PortToken<T>): T => container.get<T>(token);
  return {
    categories: get(PORTS.categories),
    products: get(PORTS.products),
    shops: get(PORTS.shops),
    support: get(PORTS.support),
    auth: get(PORTS.auth),
    userVerification: get(PORTS.userVerification),
    addresses: get(PORTS.addresses),
    reviews: get(PORTS.reviews),
    savedProducts: get(PORTS.savedProducts),
    follows: get(PORTS.follows),
    ratings: get(PORTS.ratings),
    browseHistory: get(PORTS.browseHistory),
    shopAdmin: get(PORTS.shopAdmin),
    productAdmin: get(PORTS.productAdmin),
    shopVerification: get(PORTS.shopVerification),
    shopIds: get(PORTS.shopIds),
    local: get(PORTS.localStorage),
    session: get(PORTS.sessionStorage),
    clock: get(PORTS.clock),
    media: (path) => mediaUrl(config.shopUrl, path),
  };
}

/** The app's services for this configuration. */
export function connectServices(config: AppConfig, fetchFn: FetchLike = browserFetch): Services {
  return resolveServices(createContainer(config, fetchFn), config);
}
