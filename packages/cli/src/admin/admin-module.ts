import { dirname } from "node:path";
import { PORTS } from "@katale/domain";
import { ContainerModule } from "inversify";
import { CLI_TOKENS, portsFrom, resolve } from "../cli-tokens.js";
import type { AdminCliServices } from "./admin-services.js";

/** The admin's ports on the stored session, and where the categories import keeps its state. */
export function adminModule(): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bind<AdminCliServices>(CLI_TOKENS.admin)
      .toDynamicValue((context) => ({
        storage: resolve(context, PORTS.localStorage),
        ...portsFrom(context, ["auth", "catalogueAdmin", "verificationReview", "adminRole"]),
        stateDir: dirname(resolve(context, CLI_TOKENS.sessionFile)),
      }))
      .inSingletonScope();
  });
}
