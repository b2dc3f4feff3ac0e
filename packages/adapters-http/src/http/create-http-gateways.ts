import type { GATEWAY_PORTS, PortsOf } from "@katale/domain";
import { CategoryHttpGateway } from "../catalogue/category-http-gateway.js";
import { ProductHttpGateway } from "../products/product-http-gateway.js";
import { ShopHttpGateway } from "../shops/shop-http-gateway.js";
import { deferredGatewaySet } from "./deferred-gateway-set.js";
import { deferredGateways, type FirstScreenPortName } from "./deferred-gateways.js";
import type { FetchLike } from "./fetch-like.js";
import { HttpClient, type ServiceUrls } from "./http-client.js";

/** Every gateway port over HTTP, named as in the domain's `GATEWAY_PORTS`. */
export type HttpGateways = PortsOf<typeof GATEWAY_PORTS>;

export interface HttpGatewaysOptions extends ServiceUrls {
  /** The global `fetch` (browsers, Node) or any function shaped like it (tests). */
  readonly fetch: FetchLike;
}

/** The gateways a first screen calls (categories, products, shops), built at once. */
function firstScreenGateways(http: HttpClient): Pick<HttpGateways, FirstScreenPortName> {
  return {
    categories: new CategoryHttpGateway(http),
    products: new ProductHttpGateway(http),
    shops: new ShopHttpGateway(http),
  };
}

/** The gateway factory: every port over HTTP on the two services, sharing one client. */
export function createHttpGateways(options: HttpGatewaysOptions): HttpGateways {
  const http = new HttpClient({ authUrl: options.authUrl, shopUrl: options.shopUrl }, options.fetch);
  return { ...firstScreenGateways(http), ...deferredGatewaySet(http) };
}

/**
 * The same ports for a browser's first visit: the categories, products and shops (what the first
 * screens call) at once, every other one loading its code and wire schemas on its first call
 * (deferred-gateways.ts), so starting the page does not build the whole contract's schemas.
 */
export function createDeferredHttpGateways(options: HttpGatewaysOptions): HttpGateways {
  const http = new HttpClient({ authUrl: options.authUrl, shopUrl: options.shopUrl }, options.fetch);
  return { ...firstScreenGateways(http), ...deferredGateways(http) };
}
