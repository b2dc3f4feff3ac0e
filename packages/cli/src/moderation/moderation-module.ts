import { createModerationHttpGateways, type HttpGatewaysOptions } from "@katale/adapters-http";
import { PORTS } from "@katale/domain";
import { ContainerModule } from "inversify";
import { CLI_TOKENS, resolve } from "../cli-tokens.js";
import type { ModerationCliServices } from "./moderation-services.js";

/** Reporting and moderation over HTTP, on the stored session. */
export function moderationModule(options: HttpGatewaysOptions): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bind<ModerationCliServices>(CLI_TOKENS.moderation)
      .toDynamicValue((context) => ({
        storage: resolve(context, PORTS.localStorage),
        ...createModerationHttpGateways(options),
      }))
      .inSingletonScope();
  });
}
