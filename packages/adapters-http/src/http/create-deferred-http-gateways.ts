import type { HttpGateways, HttpGatewaysOptions } from "./create-http-gateways.js";
import { deferredGateways, type GatewayLoaders } from "./deferred-gateways.js";
import type { HttpClient } from "./http-client.js";
import { type InlinedAnswers, withInlinedFirstScreen } from "./inlined-first-screen.js";
import { loadOnce } from "./load-once.js";

// Imports the gateways only lazily, each port on its own: a static import would put every gateway,
// the contract's call definitions and zod (~40 KB gzipped) back into a first visit's download, and
// loading them all at once built every schema of the contract in one long task when the first call
// came (~50 ms on a fast machine, four times that on a phone; issue 13). A page now builds the
// schemas of the areas it calls (a product's page: products, shops, engagement), each port's
// module evaluated in a task of its own.

export interface DeferredHttpGatewaysOptions extends HttpGatewaysOptions {
  /** The answers the page was sent with for its first screen (inlined-first-screen.ts). */
  readonly inlined?: InlinedAnswers;
}

/** Each port's gateway module, loaded on the port's first call, on one client shared by all. */
function gatewayLoaders(client: () => Promise<HttpClient>): GatewayLoaders {
  const on = <G>(gateway: Promise<new (http: HttpClient) => G>) =>
    Promise.all([gateway, client()]).then(([Gateway, http]) => new Gateway(http));
  return {
    categories: () => on(import("../catalogue/category-http-gateway.js").then((m) => m.CategoryHttpGateway)),
    products: () => on(import("../products/product-http-gateway.js").then((m) => m.ProductHttpGateway)),
    shops: () => on(import("../shops/shop-http-gateway.js").then((m) => m.ShopHttpGateway)),
    reviews: () => on(import("../products/review-http-gateway.js").then((m) => m.ReviewHttpGateway)),
    savedProducts: () =>
      on(import("../engagement/saved-product-http-gateway.js").then((m) => m.SavedProductHttpGateway)),
    follows: () => on(import("../engagement/follow-http-gateway.js").then((m) => m.FollowHttpGateway)),
    ratings: () => on(import("../engagement/rating-http-gateway.js").then((m) => m.RatingHttpGateway)),
    browseHistory: () =>
      on(import("../engagement/browse-history-http-gateway.js").then((m) => m.BrowseHistoryHttpGateway)),
    support: () => on(import("../support/support-http-gateway.js").then((m) => m.SupportHttpGateway)),
    auth: () => on(import("../auth/auth-http-gateway.js").then((m) => m.AuthHttpGateway)),
    userVerification: () =>
      on(
        import("../verification/user-verification-http-gateway.js").then(
          (m) => m.UserVerificationHttpGateway,
        ),
      ),
    addresses: () =>
      on(import("../geo/address-suggestions-http-gateway.js").then((m) => m.AddressSuggestionsHttpGateway)),
    shopAdmin: () => on(import("../shops/shop-admin-http-gateway.js").then((m) => m.ShopAdminHttpGateway)),
    productAdmin: () =>
      on(import("../products/product-admin-http-gateway.js").then((m) => m.ProductAdminHttpGateway)),
    shopVerification: () =>
      on(
        import("../verification/shop-verification-http-gateway.js").then(
          (m) => m.ShopVerificationHttpGateway,
        ),
      ),
    chat: () => on(import("../chat/chat-http-gateway.js").then((m) => m.ChatHttpGateway)),
    finder: () => on(import("../find/find-http-gateway.js").then((m) => m.FindHttpGateway)),
    notifications: () =>
      on(import("../notifications/notification-http-gateway.js").then((m) => m.NotificationHttpGateway)),
  };
}

/**
 * The same ports for a browser's first visit: each gateway loads its code, its area of the contract
 * and zod on the first call that asks a service (deferred-gateways.ts); the first screen's calls
 * that the page carries the answers of are answered from them without loading anything
 * (inlined-first-screen.ts).
 */
export function createDeferredHttpGateways(options: DeferredHttpGatewaysOptions): HttpGateways {
  const client = loadOnce(() =>
    import("./http-client.js").then(
      (m) => new m.HttpClient({ authUrl: options.authUrl, shopUrl: options.shopUrl }, options.fetch),
    ),
  );
  const gateways = deferredGateways(gatewayLoaders(client));
  return options.inlined === undefined
    ? gateways
    : withInlinedFirstScreen(gateways, options.shopUrl, options.inlined);
}
