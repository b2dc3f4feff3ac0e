import { createAdminHttpGateways, type FetchLike } from "@katale/adapters-http";
import type { AdminRoleGateway, CatalogueAdminGateway, VerificationReviewGateway } from "@katale/domain";
import type { AppConfig } from "./app-config.js";

/** The admins' ports (issue 10): loaded with the admin pages, in their own chunk, never on the first screen. */
export interface AdminServices {
  readonly catalogueAdmin: CatalogueAdminGateway;
  readonly verificationReview: VerificationReviewGateway;
  readonly adminRole: AdminRoleGateway;
}

export function connectAdminServices(config: AppConfig, fetchFn: FetchLike): AdminServices {
  return createAdminHttpGateways({ authUrl: config.authUrl, shopUrl: config.shopUrl, fetch: fetchFn });
}
