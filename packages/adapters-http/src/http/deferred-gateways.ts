import { err, GATEWAY_PORTS, type GatewayPortName } from "@katale/domain";
import type { HttpGateways } from "./create-http-gateways.js";
import { loadOnce } from "./load-once.js";

/** Each gateway port's own loader: its code, its area of the contract and zod, then the gateway. */
export type GatewayLoaders = { readonly [K in GatewayPortName]: () => Promise<HttpGateways[K]> };

/**
 * Every gateway port, each loading its gateway (`load`: its code, its area of the contract's call
 * definitions and zod) on its first call. A load that fails (offline) answers that call as a
 * network failure, and the next call tries again.
 */
export function deferredGateways(load: GatewayLoaders): HttpGateways {
  const port = <K extends GatewayPortName>(name: K): HttpGateways[K] => {
    const loaded = loadOnce(load[name]);
    return new Proxy({} as HttpGateways[K], {
      get(_target, method) {
        // Not a thenable, and nothing but the port's methods.
        if (typeof method !== "string" || method === "then") return undefined;
        return async (...args: unknown[]) => {
          let gateway: Record<string, (...a: unknown[]) => unknown>;
          try {
            gateway = (await loaded()) as unknown as Record<string, (...a: unknown[]) => unknown>;
          } catch {
            // Like a call that could not reach the service.
            return err({ kind: "network" });
          }
          return gateway[method]!(...args);
        };
      },
    });
  };
  return Object.fromEntries(
    (Object.keys(GATEWAY_PORTS) as GatewayPortName[]).map((name) => [name, port(name)]),
  ) as unknown as HttpGateways;
}
