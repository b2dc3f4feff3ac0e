import type { AdminRoleGateway, CatalogueAdminGateway, VerificationReviewGateway } from "@katale/domain";
import type { HttpGatewaysOptions } from "../http/create-http-gateways.js";
import { HttpClient } from "../http/http-client.js";
import { AdminRoleHttpGateway } from "./admin-role-http-gateway.js";
import { CatalogueAdminHttpGateway } from "./catalogue-admin-http-gateway.js";
import { VerificationReviewHttpGateway } from "./verification-review-http-gateway.js";

/** The admins' ports over HTTP (issue 10): the catalogue writes, the verification review, the admin role. */
export interface AdminHttpGateways {
  readonly catalogueAdmin: CatalogueAdminGateway;
  readonly verificationReview: VerificationReviewGateway;
  readonly adminRole: AdminRoleGateway;
}

/**
 * The admins' gateways, apart from `createHttpGateways` so that a web app loads them (and their
 * contract) only on the admin pages, never on the first screen.
 */
export function createAdminHttpGateways(options: HttpGatewaysOptions): AdminHttpGateways {
  const http = new HttpClient({ authUrl: options.authUrl, shopUrl: options.shopUrl }, options.fetch);
  return {
    catalogueAdmin: new CatalogueAdminHttpGateway(http),
    verificationReview: new VerificationReviewHttpGateway(http),
    adminRole: new AdminRoleHttpGateway(http),
  };
}
