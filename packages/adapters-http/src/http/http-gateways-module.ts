import { PORTS, type PortToken } from "@katale/domain";
import { ContainerModule } from "inversify";
import { type AdminHttpGateways, createAdminHttpGateways } from "../admin/create-admin-http-gateways.js";
import { createHttpGateways, type HttpGateways, type HttpGatewaysOptions } from "./create-http-gateways.js";

/** The domain's token of each gateway, checked by the compiler: same name, same port type. */
const GATEWAY_PORTS: { readonly [K in keyof HttpGateways]: PortToken<HttpGateways[K]> } = PORTS;
const ADMIN_PORTS: { readonly [K in keyof AdminHttpGateways]: PortToken<AdminHttpGateways[K]> } = PORTS;

/**
 * Binds every gateway port of the domain (`PORTS`) to its HTTP gateway on the two services, for a
 * composition root to load (web, CLI).
 */
export function httpGatewaysModule(options: HttpGatewaysOptions): ContainerModule {
  return new ContainerModule(({ bind }) => {
    const gateways = createHttpGateways(options);
    const bindPort = <K extends keyof HttpGateways>(name: K) =>
      bind<HttpGateways[K]>(GATEWAY_PORTS[name]).toConstantValue(gateways[name]);
    for (const name of Object.keys(gateways) as (keyof HttpGateways)[]) bindPort(name);
    // The admins' ports too (the CLI's admin commands; a service refuses them to anyone else).
    const admin = createAdminHttpGateways(options);
    const bindAdminPort = <K extends keyof AdminHttpGateways>(name: K) =>
      bind<AdminHttpGateways[K]>(ADMIN_PORTS[name]).toConstantValue(admin[name]);
    for (const name of Object.keys(admin) as (keyof AdminHttpGateways)[]) bindAdminPort(name);
  });
}
