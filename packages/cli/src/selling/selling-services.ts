import type {
  AddressSuggestions,
  KeyValueStorage,
  ProductAdminGateway,
  ShopAdminGateway,
  ShopVerificationGateway,
} from "@katale/domain";

/** What the shop owner's commands work with: their ports, the session and where they keep state. */
export interface SellingServices {
  readonly storage: KeyValueStorage;
  readonly shopAdmin: ShopAdminGateway;
  readonly productAdmin: ProductAdminGateway;
  readonly shopVerification: ShopVerificationGateway;
  readonly addresses: AddressSuggestions;
  /** Downloads an image the service names (export); `fetch` by default. */
  readonly download: (url: string) => Promise<Uint8Array | null>;
}
