import { PORTS } from "@katale/domain";
import { ContainerModule } from "inversify";
import { CLI_TOKENS, portsFrom, resolve } from "../cli-tokens.js";
import type { EngagementServices } from "./engagement-services.js";

/** Saving, following, rating, reviewing and the history, on the stored session. */
export function engagementModule(): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bind<EngagementServices>(CLI_TOKENS.engagement)
      .toDynamicValue((context) => ({
        storage: resolve(context, PORTS.localStorage),
        ...portsFrom(context, ["savedProducts", "follows", "ratings", "reviews", "browseHistory"]),
      }))
      .inSingletonScope();
  });
}
