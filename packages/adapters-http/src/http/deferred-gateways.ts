import { err, GATEWAY_PORTS, type GatewayPortName } from "@katale/domain";
import type { HttpGateways } from "./create-http-gateways.js";
import { loadOnce } from "./load-once.js";

/**
 * Every gateway port, each loading the gateways (`load`: their code, the contract's call
 * definitions and zod) on its first call. A load that fails (offline) answers that call as a
 * network failure, and the next call tries again.
 */
export function deferredGateways(load: () => Promise<HttpGateways>): HttpGateways {
  const loaded = loadOnce(load);
  const port = <K extends GatewayPortName>(name: K): HttpGateways[K] =>
    new Proxy({} as HttpGateways[K], {
      get(_target, method) {
        // Not a thenable, and nothing but the port's methods.
        if (typeof method !== "string" || method === "then") return undefined;
        return async (...args: unknown[]) => {
          let gateways: HttpGateways;
          try {
            gateways = await loaded();
          } catch {
            // Like a call that could not reach the service.
            return err({ kind: "network" });
          }
          const gateway = gateways[name] as unknown as Record<string, (...a: unknown[]) => unknown>;
          return gateway[method]!(...args);
        };
      },
    });
  return Object.fromEntries(
    (Object.keys(GATEWAY_PORTS) as GatewayPortName[]).map((name) => [name, port(name)]),
  ) as unknown as HttpGateways;
}
