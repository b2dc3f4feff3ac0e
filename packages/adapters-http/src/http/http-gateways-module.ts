import { PORTS, type PortToken } from "@katale/domain";
import { type BindToFluentSyntax, ContainerModule } from "inversify";
import { createAccountGateways } from "../auth/create-account-gateways.js";
import { createBrowseGateways } from "./create-browse-gateways.js";
import type { FetchLike } from "./fetch-like.js";
import type { ServiceUrls } from "./http-client.js";

export interface HttpGatewaysOptions extends ServiceUrls {
  /** The global `fetch` (browsers, Node) or any function shaped like it (tests). */
  readonly fetch: FetchLike;
}

/**
 * Binds every gateway port of the domain (`PORTS`) to its HTTP gateway on the two services, for a
 * composition root to load (web, CLI).
 */
export function httpGatewaysModule(options: HttpGatewaysOptions): ContainerModule {
  return new ContainerModule(({ bind }) => {
    const port = <T>(token: PortToken<T>): BindToFluentSyntax<T> => bind<T>(token);
    const browse = createBrowseGateways(options);
    const account = createAccountGateways(options);
    port(PORTS.categories).toConstantValue(browse.categories);
    port(PORTS.products).toConstantValue(browse.products);
    port(PORTS.reviews).toConstantValue(browse.reviews);
    port(PORTS.shops).toConstantValue(browse.shops);
    port(PORTS.support).toConstantValue(browse.support);
    port(PORTS.auth).toConstantValue(account.auth);
    port(PORTS.userVerification).toConstantValue(account.userVerification);
    port(PORTS.addresses).toConstantValue(account.addresses);
  });
}
