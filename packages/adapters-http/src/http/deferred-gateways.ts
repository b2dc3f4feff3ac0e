import { err } from "@katale/domain";
import type { HttpGateways } from "./create-http-gateways.js";
import type { HttpClient } from "./http-client.js";
import { loadOnce } from "./load-once.js";

// The gateways a first screen does not call (accounts, engagement, verification, support, chat,
// addresses, the sellers' calls) come in a chunk of their own, loaded on their first call: their
// wire schemas are then built when a screen needs them, not while the page starts (issue 13: building
// every zod schema of the contract at start-up held a slow phone's main thread for ~200 ms).

/** The ports that are loaded on first use. */
export type DeferredGatewaySet = Omit<HttpGateways, "categories" | "products" | "shops">;

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
  return {
    reviews: port("reviews"),
    savedProducts: port("savedProducts"),
    follows: port("follows"),
    ratings: port("ratings"),
    browseHistory: port("browseHistory"),
    support: port("support"),
    auth: port("auth"),
    userVerification: port("userVerification"),
    addresses: port("addresses"),
    shopAdmin: port("shopAdmin"),
    productAdmin: port("productAdmin"),
    shopVerification: port("shopVerification"),
    chat: port("chat"),
  };
}
