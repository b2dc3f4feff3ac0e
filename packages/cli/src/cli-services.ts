import type { CategoryGateway, ProductGateway, ShopGateway } from "@katale/domain";
import type { AdminCliServices } from "./admin/admin-services.js";
import type { AccountServices } from "./auth/account-services.js";
import type { ChatServices } from "./chat/chat-services.js";
import type { ResolvedServiceUrls } from "./config/service-urls.js";
import type { EngagementServices } from "./engagement/engagement-services.js";
import type { FindServices } from "./find/find-services.js";
import type { ModerationCliServices } from "./moderation/moderation-services.js";
import type { NotificationServices } from "./notifications/notification-services.js";
import type { SellingServices } from "./selling/selling-services.js";
import type { SmokeTarget } from "./smoke/smoke-checks.js";

/** What the commands work with: the browse ports and the URLs they talk to (for messages). */
export interface CliServices {
  readonly urls: ResolvedServiceUrls;
  readonly categories: CategoryGateway;
  readonly products: ProductGateway;
  readonly shops: ShopGateway;
  /** The account commands' ports; left out where only browsing is wanted (tests, embedding). */
  readonly account?: AccountServices;
  /** Saving, following, rating, reviewing and the history, on the stored session; left out like `account`. */
  readonly engagement?: EngagementServices;
  /** The shop owner's ports (shops, products, import state), on the stored session; left out like `account`. */
  readonly selling?: SellingServices;
  /** The admin's ports (catalogue, verification review, admin role), on the stored session; left out like `account`. */
  readonly admin?: AdminCliServices;
  /** The chat's room calls and socket, on the stored session, and the terminal; left out like `account`. */
  readonly chat?: ChatServices;
  /** `katale smoke`: the ports and a plain GET, each call bounded by `timeoutMs`; its own session, never the stored one. */
  readonly smoke?: (timeoutMs: number) => SmokeTarget;
  /** Browsing with facets and the saved searches, on the stored session; left out like `account`. */
  readonly find?: FindServices;
  /** The inbox and the channels per kind, on the stored session; left out like `account`. */
  readonly notifications?: NotificationServices;
  /** Reporting, and the admins' moderation and audit log, on the stored session; left out like `account`. */
  readonly moderation?: ModerationCliServices;
}

/** Builds the services for one run, once the URLs are known (composition-root.ts). */
export type ConnectServices = (urls: ResolvedServiceUrls) => CliServices;
