import type {
  AddressSuggestions,
  AuthGateway,
  CategoryGateway,
  Clock,
  KeyValueStorage,
  LocalValues,
  ProductGateway,
  ReviewGateway,
  SessionValues,
  ShopGateway,
  ShopIdCipher,
  SupportGateway,
  UserVerificationGateway,
} from "@katale/domain";

/** Everything the screens' hooks need, bound once in the composition root. */
export interface Services {
  readonly categories: CategoryGateway;
  readonly products: ProductGateway;
  readonly shops: ShopGateway;
  readonly support: SupportGateway;
  readonly auth: AuthGateway;
  readonly userVerification: UserVerificationGateway;
  readonly addresses: AddressSuggestions;
  readonly reviews: ReviewGateway;
  readonly shopIds: ShopIdCipher;
  readonly local: KeyValueStorage<LocalValues>;
  readonly session: KeyValueStorage<SessionValues>;
  readonly clock: Clock;
  /** Where an image path the services name can be fetched (null: no image). */
  readonly media: (path: string | null | undefined) => string | null;
}

/** Inversify service identifiers, one per port. */
export const TOKENS = {
  categories: Symbol.for("CategoryGateway"),
  products: Symbol.for("ProductGateway"),
  shops: Symbol.for("ShopGateway"),
  support: Symbol.for("SupportGateway"),
  auth: Symbol.for("AuthGateway"),
  userVerification: Symbol.for("UserVerificationGateway"),
  addresses: Symbol.for("AddressSuggestions"),
  reviews: Symbol.for("ReviewGateway"),
  shopIds: Symbol.for("ShopIdCipher"),
  local: Symbol.for("LocalStorage"),
  session: Symbol.for("SessionStorage"),
  clock: Symbol.for("Clock"),
  media: Symbol.for("MediaUrl"),
} as const satisfies Record<keyof Services, symbol>;
