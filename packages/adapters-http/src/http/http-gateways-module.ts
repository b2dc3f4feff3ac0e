import { ADMIN_PORTS, GATEWAY_PORTS, type PortToken } from "@katale/domain";
import { ContainerModule, type ContainerModuleLoadOptions } from "inversify";
import { createAdminHttpGateways } from "../admin/create-admin-http-gateways.js";
import { createHttpGateways, type HttpGatewaysOptions } from "./create-http-gateways.js";

/** Binds each token of `tokens` to the gateway of the same name. */
function bindAll<T extends object>(
  bind: ContainerModuleLoadOptions["bind"],
  tokens: { readonly [K in keyof T]: PortToken<T[K]> },
  gateways: T,
): void {
  for (const name of Object.keys(tokens) as (keyof T)[]) {
    bind<T[typeof name]>(tokens[name]).toConstantValue(gateways[name]);
  }
}

/**
 * Binds every gateway port of the domain (`GATEWAY_PORTS`, and the admins' `ADMIN_PORTS`) to its
 * HTTP gateway on the two services, for a composition root to load (the CLI).
 */
export function httpGatewaysModule(options: HttpGatewaysOptions): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bindAll(bind, GATEWAY_PORTS, createHttpGateways(options));
    // The admins' ports too (the CLI's admin commands; a service refuses them to anyone else).
    bindAll(bind, ADMIN_PORTS, createAdminHttpGateways(options));
  });
}
