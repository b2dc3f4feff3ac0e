import type {
  AddressSuggestions,
  AuthGateway,
  BrowseHistoryGateway,
  CategoryGateway,
  ChatConnector,
  ChatGateway,
  Clock,
  FollowGateway,
  KeyValueStorage,
  LocalValues,
  ProductAdminGateway,
  ProductGateway,
  RatingGateway,
  ReviewGateway,
  SavedProductGateway,
  SessionValues,
  ShopAdminGateway,
  ShopGateway,
  ShopIdCipher,
  ShopVerificationGateway,
  SupportGateway,
  Timers,
  UserVerificationGateway,
} from "@katale/domain";
import type { AdminServices } from "./admin-services.js";

/** Everything the screens' hooks need, resolved once in the composition root (the ports as `PORTS` names them). */
export interface Services {
  readonly categories: CategoryGateway;
  readonly products: ProductGateway;
  readonly shops: ShopGateway;
  readonly support: SupportGateway;
  readonly auth: AuthGateway;
  readonly userVerification: UserVerificationGateway;
  readonly addresses: AddressSuggestions;
  readonly reviews: ReviewGateway;
  readonly savedProducts: SavedProductGateway;
  readonly follows: FollowGateway;
  readonly ratings: RatingGateway;
  readonly browseHistory: BrowseHistoryGateway;
  /** The shop owner's calls (issue 9): shops, products, shop verification. */
  readonly shopAdmin: ShopAdminGateway;
  readonly productAdmin: ProductAdminGateway;
  readonly shopVerification: ShopVerificationGateway;
  /** The chat's calls and its rooms' live connections (issue 11). */
  readonly chat: ChatGateway;
  readonly chatSockets: ChatConnector;
  /** The admins' ports, loaded on first use by the admin pages (their own chunk). */
  readonly admin: () => Promise<AdminServices>;
  readonly shopIds: ShopIdCipher;
  readonly local: KeyValueStorage<LocalValues>;
  readonly session: KeyValueStorage<SessionValues>;
  readonly clock: Clock;
  /** Timers for live sessions (a chat room's reconnection). */
  readonly timers: Timers;
  /** Where an image path the services name can be fetched (null: no image). */
  readonly media: (path: string | null | undefined) => string | null;
}
