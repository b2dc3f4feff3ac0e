import { mediaUrl, PORTS } from "@katale/domain";
import { ContainerModule } from "inversify";
import { CLI_TOKENS, portsFrom, resolve } from "../cli-tokens.js";
import { downloadMedia } from "./download-media.js";
import type { SellingServices } from "./selling-services.js";

/** The shop owner's ports on the stored session. */
export function sellingModule(): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bind<SellingServices>(CLI_TOKENS.selling)
      .toDynamicValue((context) => {
        const urls = resolve(context, CLI_TOKENS.urls);
        return {
          storage: resolve(context, PORTS.localStorage),
          ...portsFrom(context, ["shopAdmin", "productAdmin", "shopVerification", "addresses"]),
          download: (path) => downloadMedia(mediaUrl(urls.shopUrl, path)),
        };
      })
      .inSingletonScope();
  });
}
