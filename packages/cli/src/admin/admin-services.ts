import type {
  AdminRoleGateway,
  AuthGateway,
  CatalogueAdminGateway,
  KeyValueStorage,
  VerificationReviewGateway,
} from "@katale/domain";

/** What the admin's commands work with: their ports on the stored session, and where they keep state. */
export interface AdminCliServices {
  readonly storage: KeyValueStorage;
  /** `users/me/`: whether the signed-in user is an admin, asked before anything is changed. */
  readonly auth: AuthGateway;
  readonly catalogueAdmin: CatalogueAdminGateway;
  readonly verificationReview: VerificationReviewGateway;
  readonly adminRole: AdminRoleGateway;
  /**
   * Where `categories import` remembers which file each category's and sub category's image came
   * from, so importing the same file again uploads nothing.
   */
  readonly stateDir: string;
  /** A verification document's bytes, fetched with the admin's token; null when it cannot be had. */
  readonly downloadDocument: (url: string, token: string) => Promise<Uint8Array | null>;
}
