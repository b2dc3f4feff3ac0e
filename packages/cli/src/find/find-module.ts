import { type FetchLike, FindHttpGateway, HttpClient, type ServiceUrls } from "@katale/adapters-http";
import { PORTS } from "@katale/domain";
import { ContainerModule } from "inversify";
import { CLI_TOKENS, resolve } from "../cli-tokens.js";
import type { FindServices } from "./find-services.js";

/** Browsing with facets and the saved searches, over HTTP on the shop service, on the stored session. */
export function findModule(options: ServiceUrls & { readonly fetch: FetchLike }): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bind<FindServices>(CLI_TOKENS.find)
      .toDynamicValue((context) => ({
        finder: new FindHttpGateway(
          new HttpClient({ authUrl: options.authUrl, shopUrl: options.shopUrl }, options.fetch),
        ),
        storage: resolve(context, PORTS.localStorage),
      }))
      .inSingletonScope();
  });
}
