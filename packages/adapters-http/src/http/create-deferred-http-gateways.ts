import type { HttpGateways, HttpGatewaysOptions } from "./create-http-gateways.js";
import { deferredGateways } from "./deferred-gateways.js";
import { firstScreenGateways } from "./first-screen-gateways.js";
import { HttpClient } from "./http-client.js";

// Apart from create-http-gateways.ts, which imports every gateway at once: a module that imported
// both would put the deferred set in the first visit's chunk (+6 KB gzipped for /, measured).

/**
 * The same ports for a browser's first visit: the categories, products and shops (what the first
 * screens call) at once, every other one loading its code and wire schemas on its first call
 * (deferred-gateways.ts), so starting the page does not build the whole contract's schemas.
 */
export function createDeferredHttpGateways(options: HttpGatewaysOptions): HttpGateways {
  const http = new HttpClient({ authUrl: options.authUrl, shopUrl: options.shopUrl }, options.fetch);
  return { ...firstScreenGateways(http), ...deferredGateways(http) };
}
