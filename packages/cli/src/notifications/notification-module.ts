import { PORTS } from "@katale/domain";
import { ContainerModule } from "inversify";
import { CLI_TOKENS, resolve } from "../cli-tokens.js";
import type { NotificationServices } from "./notification-services.js";

/** The inbox and the channels per kind, on the stored session. */
export function notificationModule(): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bind<NotificationServices>(CLI_TOKENS.notifications)
      .toDynamicValue((context) => ({
        storage: resolve(context, PORTS.localStorage),
        notifications: resolve(context, PORTS.notifications),
      }))
      .inSingletonScope();
  });
}
