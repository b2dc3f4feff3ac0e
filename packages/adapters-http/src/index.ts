// Public API of @katale/adapters-http: the domain's ports over HTTP. The wire contract itself is
// exported from `@katale/adapters-http/contract`. Browser-safe: no Node built-ins here.

export { AdminRoleHttpGateway } from "./admin/admin-role-http-gateway.js";
export { CatalogueAdminHttpGateway } from "./admin/catalogue-admin-http-gateway.js";
export { type AdminHttpGateways, createAdminHttpGateways } from "./admin/create-admin-http-gateways.js";
export {
  toVerificationReview,
  VerificationReviewHttpGateway,
} from "./admin/verification-review-http-gateway.js";
export { authErrorOf } from "./auth/auth-error-mapping.js";
export { AuthHttpGateway } from "./auth/auth-http-gateway.js";
export { toProfileWire, toUser } from "./auth/auth-wire-mapping.js";
export { toCategory, toFilter, toSubCategory } from "./catalogue/catalogue-wire-mapping.js";
export { CategoryHttpGateway } from "./catalogue/category-http-gateway.js";
export { ChatHttpGateway } from "./chat/chat-http-gateway.js";
export {
  ChatSocketConnector,
  type WebSocketConstructor,
  type WebSocketLike,
} from "./chat/chat-socket-connector.js";
export { toChatMessage, toChatRoom, toChatRoomSummary } from "./chat/chat-wire-mapping.js";
export { CHAT_LOAD_FAILED, DeferredChatConnector } from "./chat/deferred-chat-connector.js";
export { BrowseHistoryHttpGateway } from "./engagement/browse-history-http-gateway.js";
export {
  toComment,
  toFollowRecord,
  toProductRating,
  toSavedProductEntry,
} from "./engagement/engagement-wire-mapping.js";
export { FollowHttpGateway } from "./engagement/follow-http-gateway.js";
export { RatingHttpGateway } from "./engagement/rating-http-gateway.js";
export { SavedProductHttpGateway } from "./engagement/saved-product-http-gateway.js";
export { FindHttpGateway } from "./find/find-http-gateway.js";
export {
  AddressSuggestionsHttpGateway,
  toAddressSuggestion,
} from "./geo/address-suggestions-http-gateway.js";
export {
  createDeferredHttpGateways,
  type DeferredHttpGatewaysOptions,
} from "./http/create-deferred-http-gateways.js";
export {
  createHttpGateways,
  type HttpGateways,
  type HttpGatewaysOptions,
} from "./http/create-http-gateways.js";
export { errorFromResponse } from "./http/error-mapping.js";
export type { FetchLike, RequestInitLike, ResponseLike } from "./http/fetch-like.js";
export {
  type CallInput,
  domainErrorOf,
  HttpClient,
  type HttpFailure,
  type ServiceUrls,
  type SuccessBody,
} from "./http/http-client.js";
export { httpGatewaysModule } from "./http/http-gateways-module.js";
export {
  INLINED_CALL_PATHS,
  type InlinedAnswers,
  withInlinedFirstScreen,
} from "./http/inlined-first-screen.js";
export {
  encodeMultipart,
  type MultipartBody,
  type MultipartFields,
  type MultipartValue,
} from "./http/multipart-body.js";
export { toPage } from "./http/page-mapping.js";
export {
  createModerationHttpGateways,
  ModerationHttpGateway,
  toAuditEntry,
  toModerationReport,
} from "./moderation/moderation-http-gateway.js";
export { DeferredNotificationConnector } from "./notifications/deferred-notification-connector.js";
export { NotificationHttpGateway } from "./notifications/notification-http-gateway.js";
export { NotificationSocketConnector } from "./notifications/notification-socket-connector.js";
export { toInboxEntry, toNotificationSettings } from "./notifications/notification-wire-mapping.js";
export { ProductAdminHttpGateway } from "./products/product-admin-http-gateway.js";
export { ProductHttpGateway } from "./products/product-http-gateway.js";
export { toProduct } from "./products/product-wire-mapping.js";
export { ReviewHttpGateway } from "./products/review-http-gateway.js";
export { AesShopIdCipher } from "./shops/aes-shop-id-cipher.js";
export { ShopAdminHttpGateway } from "./shops/shop-admin-http-gateway.js";
export { ShopHttpGateway } from "./shops/shop-http-gateway.js";
export { shopIdCipherModule } from "./shops/shop-id-cipher-module.js";
export { toFeaturedShop, toShop, toShopFollowers } from "./shops/shop-wire-mapping.js";
export { SupportHttpGateway } from "./support/support-http-gateway.js";
export { toFaq, toFeedback } from "./support/support-wire-mapping.js";
export { ShopVerificationHttpGateway } from "./verification/shop-verification-http-gateway.js";
export { UserVerificationHttpGateway } from "./verification/user-verification-http-gateway.js";
