import { AuthHttpGateway } from "../auth/auth-http-gateway.js";
import { ChatHttpGateway } from "../chat/chat-http-gateway.js";
import { BrowseHistoryHttpGateway } from "../engagement/browse-history-http-gateway.js";
import { FollowHttpGateway } from "../engagement/follow-http-gateway.js";
import { RatingHttpGateway } from "../engagement/rating-http-gateway.js";
import { SavedProductHttpGateway } from "../engagement/saved-product-http-gateway.js";
import { AddressSuggestionsHttpGateway } from "../geo/address-suggestions-http-gateway.js";
import { NotificationHttpGateway } from "../notifications/notification-http-gateway.js";
import { ProductAdminHttpGateway } from "../products/product-admin-http-gateway.js";
import { ReviewHttpGateway } from "../products/review-http-gateway.js";
import { ShopAdminHttpGateway } from "../shops/shop-admin-http-gateway.js";
import { SupportHttpGateway } from "../support/support-http-gateway.js";
import { ShopVerificationHttpGateway } from "../verification/shop-verification-http-gateway.js";
import { UserVerificationHttpGateway } from "../verification/user-verification-http-gateway.js";
import type { DeferredGatewaySet } from "./deferred-gateways.js";
import type { HttpClient } from "./http-client.js";

/** The gateways `deferredGateways` loads on first use (deferred-gateways.ts), one per deferred port. */
export function deferredGatewaySet(http: HttpClient): DeferredGatewaySet {
  return {
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
    notifications: new NotificationHttpGateway(http),
  };
}
