import type { GATEWAY_PORTS, PortsOf } from "@katale/domain";
import { AuthHttpGateway } from "../auth/auth-http-gateway.js";
import { CategoryHttpGateway } from "../catalogue/category-http-gateway.js";
import { ChatHttpGateway } from "../chat/chat-http-gateway.js";
import { BrowseHistoryHttpGateway } from "../engagement/browse-history-http-gateway.js";
import { FollowHttpGateway } from "../engagement/follow-http-gateway.js";
import { RatingHttpGateway } from "../engagement/rating-http-gateway.js";
import { SavedProductHttpGateway } from "../engagement/saved-product-http-gateway.js";
import { FindHttpGateway } from "../find/find-http-gateway.js";
import { AddressSuggestionsHttpGateway } from "../geo/address-suggestions-http-gateway.js";
import { NotificationHttpGateway } from "../notifications/notification-http-gateway.js";
import { ProductAdminHttpGateway } from "../products/product-admin-http-gateway.js";
import { ProductHttpGateway } from "../products/product-http-gateway.js";
import { ReviewHttpGateway } from "../products/review-http-gateway.js";
import { ShopAdminHttpGateway } from "../shops/shop-admin-http-gateway.js";
import { ShopHttpGateway } from "../shops/shop-http-gateway.js";
import { SupportHttpGateway } from "../support/support-http-gateway.js";
import { ShopVerificationHttpGateway } from "../verification/shop-verification-http-gateway.js";
import { UserVerificationHttpGateway } from "../verification/user-verification-http-gateway.js";
import type { FetchLike } from "./fetch-like.js";
import { HttpClient, type ServiceUrls } from "./http-client.js";

/** Every gateway port over HTTP, named as in the domain's `GATEWAY_PORTS`. */
export type HttpGateways = PortsOf<typeof GATEWAY_PORTS>;

export interface HttpGatewaysOptions extends ServiceUrls {
  /** The global `fetch` (browsers, Node) or any function shaped like it (tests). */
  readonly fetch: FetchLike;
}

/** The gateway factory: every port over HTTP on the two services, sharing one client. */
export function createHttpGateways(options: HttpGatewaysOptions): HttpGateways {
  const http = new HttpClient({ authUrl: options.authUrl, shopUrl: options.shopUrl }, options.fetch);
  return {
    categories: new CategoryHttpGateway(http),
    products: new ProductHttpGateway(http),
    shops: new ShopHttpGateway(http),
    reviews: new ReviewHttpGateway(http),
    savedProducts: new SavedProductHttpGateway(http),
    follows: new FollowHttpGateway(http),
    ratings: new RatingHttpGateway(http),
    browseHistory: new BrowseHistoryHttpGateway(http),
    support: new SupportHttpGateway(http),
    auth: new AuthHttpGateway(http),
    userVerification: new UserVerificationHttpGateway(http),
    addresses: new AddressSuggestionsHttpGateway(http),
    shopAdmin: new ShopAdminHttpGateway(http),
    productAdmin: new ProductAdminHttpGateway(http),
    shopVerification: new ShopVerificationHttpGateway(http),
    chat: new ChatHttpGateway(http),
    finder: new FindHttpGateway(http),
    notifications: new NotificationHttpGateway(http),
  };
}
