import type { Kysely } from "kysely";
import type { Config } from "../config.js";
import type { Database } from "../db/schema.js";
import type { MediaStore } from "../media/media-store.js";
import type { Notifier } from "../notifications/notification-events.js";
import type { CounterStore } from "./rate-limits.js";
import type { ReadCache } from "./read-cache.js";

/** What every route plugin of the services receives. */
export interface RouteDeps {
  db: Kysely<Database>;
  config: Config;
  media: MediaStore;
  /** Mutations clear it after they commit (other instances hear of it from the database). */
  readCache: ReadCache;
  /** Where rate limits count: shared by every instance on the database (http/shared-counters.ts). */
  counters: CounterStore;
  /** Changes record what to notify here, in their transaction (notifications/). */
  notifier: Notifier;
}
