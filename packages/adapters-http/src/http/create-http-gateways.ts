import type { GATEWAY_PORTS, PortsOf } from "@katale/domain";
import { deferredGatewaySet } from "./deferred-gateway-set.js";
import type { FetchLike } from "./fetch-like.js";
import { firstScreenGateways } from "./first-screen-gateways.js";
import { HttpClient, type ServiceUrls } from "./http-client.js";

/** Every gateway port over HTTP, named as in the domain's `GATEWAY_PORTS`. */
export type HttpGateways = PortsOf<typeof GATEWAY_PORTS>;

export interface HttpGatewaysOptions extends ServiceUrls {
  /** The global `fetch` (browsers, Node) or any function shaped like it (tests). */
  readonly fetch: FetchLike;
}

/** The gateway factory: every port over HTTP on the two services, sharing one client. */
export function createHttpGateways(options: HttpGatewaysOptions): HttpGateways {
  const http = new HttpClient({ authUrl: options.authUrl, shopUrl: options.shopUrl }, options.fetch);
  return { ...firstScreenGateways(http), ...deferredGatewaySet(http) };
}
