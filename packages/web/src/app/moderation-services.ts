import { createModerationHttpGateways, type FetchLike } from "@katale/adapters-http";
import type { AppConfig } from "./app-config.js";
import type { ModerationServices } from "./services.js";

/** Reporting and the admins' moderation: loaded by the Report dialog and the moderation page only. */
export function connectModerationServices(config: AppConfig, fetchFn: FetchLike): ModerationServices {
  return createModerationHttpGateways({ authUrl: config.authUrl, shopUrl: config.shopUrl, fetch: fetchFn });
}
