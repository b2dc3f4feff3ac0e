import type { ADMIN_PORTS, PortsOf } from "@katale/domain";
import type { HttpGatewaysOptions } from "../http/create-http-gateways.js";
import { HttpClient } from "../http/http-client.js";
import { AdminRoleHttpGateway } from "./admin-role-http-gateway.js";
import { CatalogueAdminHttpGateway } from "./catalogue-admin-http-gateway.js";
import { VerificationReviewHttpGateway } from "./verification-review-http-gateway.js";

/** The admins' ports over HTTP (`ADMIN_PORTS`): the catalogue writes, the verification review, the admin role. */
export type AdminHttpGateways = PortsOf<typeof ADMIN_PORTS>;

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
