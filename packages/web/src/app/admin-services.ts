import { createAdminHttpGateways, type FetchLike } from "@katale/adapters-http";
import type { AppConfig } from "./app-config.js";
import type { AdminServices } from "./services.js";

export type { AdminServices } from "./services.js";

/** The admins' ports: loaded with the admin pages, in their own chunk, never on the first screen. */
export function connectAdminServices(config: AppConfig, fetchFn: FetchLike): AdminServices {
  return createAdminHttpGateways({ authUrl: config.authUrl, shopUrl: config.shopUrl, fetch: fetchFn });
}
