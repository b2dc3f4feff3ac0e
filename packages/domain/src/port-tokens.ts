import type {
  AdminRoleGateway,
  CatalogueAdminGateway,
  VerificationReviewGateway,
} from "./admin/admin-gateways.js";
import type { AuthGateway } from "./auth/auth-gateway.js";
import type { CategoryGateway } from "./catalogue/category-gateway.js";
import type { ChatConnector, ChatGateway } from "./chat/chat-gateway.js";
import type { BrowseHistoryGateway } from "./engagement/browse-history-gateway.js";
import type { FollowGateway } from "./engagement/follow-gateway.js";
import type { RatingGateway } from "./engagement/rating-gateway.js";
import type { SavedProductGateway } from "./engagement/saved-product-gateway.js";
import type { AddressSuggestions } from "./geo/address-suggestions.js";
import type { NotificationGateway } from "./notifications/notification-gateway.js";
import type { ProductGateway } from "./products/product-gateway.js";
import type { ReviewGateway } from "./products/review-gateway.js";
import type {
  ProductAdminGateway,
  ShopAdminGateway,
  ShopVerificationGateway,
} from "./selling/seller-gateways.js";
import type { KeyValueStorage } from "./session/key-value-storage.js";
import type { LocalValues, SessionValues } from "./session/storage-keys.js";
import type { ShopGateway } from "./shops/shop-gateway.js";
import type { ShopIdCipher } from "./shops/shop-id-cipher.js";
import type { SupportGateway } from "./support/support-gateway.js";
import type { Clock } from "./time/clock.js";
import type { UserVerificationGateway } from "./verification/user-verification-gateway.js";

// The ports' names in the clients' containers: the adapter packages bind them, the composition roots
// (web, CLI) resolve them. Plain symbols, so the domain stays free of any DI library; the type
// parameter only exists for the compiler, so binding or resolving a token is checked against its port.

declare const portType: unique symbol;

/** A symbol naming a port of type `T` (the type is never present at run time). */
export type PortToken<T> = symbol & { readonly [portType]?: T };

/** A token of the shared registry (`Symbol.for`), so two copies of the domain still agree. */
export function portToken<T>(name: string): PortToken<T> {
  return Symbol.for(`katale.${name}`) as PortToken<T>;
}

/**
 * The ports the HTTP adapters implement on the two services, each named once: the adapters, the
 * composition roots and the clients' service types are derived from this list.
 */
export const GATEWAY_PORTS = {
  categories: portToken<CategoryGateway>("CategoryGateway"),
  products: portToken<ProductGateway>("ProductGateway"),
  reviews: portToken<ReviewGateway>("ReviewGateway"),
  shops: portToken<ShopGateway>("ShopGateway"),
  savedProducts: portToken<SavedProductGateway>("SavedProductGateway"),
  follows: portToken<FollowGateway>("FollowGateway"),
  ratings: portToken<RatingGateway>("RatingGateway"),
  browseHistory: portToken<BrowseHistoryGateway>("BrowseHistoryGateway"),
  support: portToken<SupportGateway>("SupportGateway"),
  auth: portToken<AuthGateway>("AuthGateway"),
  userVerification: portToken<UserVerificationGateway>("UserVerificationGateway"),
  addresses: portToken<AddressSuggestions>("AddressSuggestions"),
  shopAdmin: portToken<ShopAdminGateway>("ShopAdminGateway"),
  productAdmin: portToken<ProductAdminGateway>("ProductAdminGateway"),
  shopVerification: portToken<ShopVerificationGateway>("ShopVerificationGateway"),
  chat: portToken<ChatGateway>("ChatGateway"),
  notifications: portToken<NotificationGateway>("NotificationGateway"),
} as const;

/** The admins' ports over HTTP: apart, so a web app loads them only on the admin pages. */
export const ADMIN_PORTS = {
  catalogueAdmin: portToken<CatalogueAdminGateway>("CatalogueAdminGateway"),
  verificationReview: portToken<VerificationReviewGateway>("VerificationReviewGateway"),
  adminRole: portToken<AdminRoleGateway>("AdminRoleGateway"),
} as const;

/** Every port the clients bind, once: the gateways, the admins' gateways and the clients' own. */
export const PORTS = {
  ...GATEWAY_PORTS,
  ...ADMIN_PORTS,
  /** The live room connection (a WebSocket in browsers and the CLI). */
  chatSockets: portToken<ChatConnector>("ChatConnector"),
  shopIds: portToken<ShopIdCipher>("ShopIdCipher"),
  /** Kept across visits (spec §3 localStorage keys): the browser's localStorage, the CLI's file. */
  localStorage: portToken<KeyValueStorage<LocalValues>>("LocalStorage"),
  /** Kept for one visit (spec §3 sessionStorage keys). */
  sessionStorage: portToken<KeyValueStorage<SessionValues>>("SessionStorage"),
  clock: portToken<Clock>("Clock"),
} as const;

/** The port a token names. */
export type PortOf<Token> = Token extends PortToken<infer T> ? T : never;

/** The ports a table of tokens names, by the same keys (`PortsOf<typeof GATEWAY_PORTS>`). */
export type PortsOf<Tokens> = { readonly [K in keyof Tokens]: PortOf<Tokens[K]> };

/** Every port by its name in `PORTS`. */
export type Ports = PortsOf<typeof PORTS>;

/** The names of the gateway ports over HTTP. */
export type GatewayPortName = keyof typeof GATEWAY_PORTS;
