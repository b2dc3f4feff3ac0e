import { err, GATEWAY_PORTS, type GatewayPortName } from "@katale/domain";
import type { HttpGateways } from "./create-http-gateways.js";
import type { HttpClient } from "./http-client.js";
import { loadOnce } from "./load-once.js";

// The gateways a first screen does not call (accounts, engagement, verification, support, chat,
// addresses, the sellers' calls) come in a chunk of their own, loaded on their first call: their
// wire schemas are then built when a screen needs them, not while the page starts (issue 13: building
// every zod schema of the contract at start-up held a slow phone's main thread for ~200 ms).

/** The ports a first screen calls: built at once (create-http-gateways.ts). */
const FIRST_SCREEN_PORTS = ["categories", "products", "shops"] as const satisfies readonly GatewayPortName[];

export type FirstScreenPortName = (typeof FIRST_SCREEN_PORTS)[number];

/** The ports that are loaded on first use: every other gateway port of the domain's list. */
export type DeferredGatewaySet = Omit<HttpGateways, FirstScreenPortName>;

type DeferredPortName = keyof DeferredGatewaySet;

const DEFERRED_PORTS = (Object.keys(GATEWAY_PORTS) as GatewayPortName[]).filter(
  (name): name is DeferredPortName => !(FIRST_SCREEN_PORTS as readonly string[]).includes(name),
);

/** Every port of `DeferredGatewaySet`, each loading the chunk on its first call. */
export function deferredGateways(http: HttpClient): DeferredGatewaySet {
  // Not loaded (offline): the next call tries again.
  const load = loadOnce(() =>
    import("./deferred-gateway-set.js").then((module) => module.deferredGatewaySet(http)),
  );
  const port = <K extends keyof DeferredGatewaySet>(name: K): DeferredGatewaySet[K] =>
    new Proxy({} as DeferredGatewaySet[K], {
      get(_target, method) {
        // Not a thenable, and nothing but the port's methods.
        if (typeof method !== "string" || method === "then") return undefined;
        return async (...args: unknown[]) => {
          let gateways: DeferredGatewaySet;
          try {
            gateways = await load();
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
    DEFERRED_PORTS.map((name) => [name, port(name)]),
  ) as unknown as DeferredGatewaySet;
}
