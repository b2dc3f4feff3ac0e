import { type Kysely, type Migration, type MigrationProvider, Migrator } from "kysely";
import * as initial from "./migrations/0001-initial.js";
import * as selling from "./migrations/0002-selling.js";
import * as admin from "./migrations/0003-admin.js";
import * as codeAllowances from "./migrations/0004-code-allowances.js";
import * as chat from "./migrations/0005-chat.js";
import * as readPath from "./migrations/0006-read-path.js";
import * as sharedLimits from "./migrations/0007-shared-limits.js";
import * as chatPhotos from "./migrations/0008-chat-photos.js";
import * as listingBlocks from "./migrations/0009-listing-blocks.js";
import * as counterPrefixes from "./migrations/0010-counter-prefixes.js";
import * as productWire from "./migrations/0011-product-wire.js";
import * as listingFineBuckets from "./migrations/0012-listing-fine-buckets.js";
import * as catalogueChangeNotices from "./migrations/0013-catalogue-change-notices.js";
import * as productProjection from "./migrations/0014-product-projection.js";
import * as pictureHashes from "./migrations/0015-picture-hashes.js";
import * as idempotencyKeys from "./migrations/0016-idempotency-keys.js";
import * as homeFeeds from "./migrations/0017-home-feeds.js";
import * as find from "./migrations/0019-find.js";
import * as notifications from "./migrations/0021-notifications.js";
import * as notifyChatAndSearches from "./migrations/0022-notify-chat-and-searches.js";
import * as webPush from "./migrations/0023-web-push.js";
import * as trust from "./migrations/0024-trust.js";
import * as chatBlocks from "./migrations/0025-chat-blocks.js";
import * as catalogueChanges from "./migrations/0026-catalogue-changes.js";
import * as chatClientIds from "./migrations/0027-chat-client-ids.js";
import * as codeAllowancesPerAddress from "./migrations/0028-code-allowances-per-address.js";
import * as codesResentWrongPerDay from "./migrations/0029-codes-resent-wrong-per-day.js";
import * as taxonomyChanges from "./migrations/0030-taxonomy-changes.js";
import * as pushClaims from "./migrations/0031-push-claims.js";
import * as searchSample from "./migrations/0032-search-sample.js";
import type { Database } from "./schema.js";

// Migrations are bundled with the server (no directory scanning at run time).
const migrations: Record<string, Migration> = {
  "0001-initial": initial,
  "0002-selling": selling,
  "0003-admin": admin,
  "0004-code-allowances": codeAllowances,
  "0005-chat": chat,
  "0006-read-path": readPath,
  "0007-shared-limits": sharedLimits,
  "0008-chat-photos": chatPhotos,
  "0009-listing-blocks": listingBlocks,
  "0010-counter-prefixes": counterPrefixes,
  "0011-product-wire": productWire,
  "0012-listing-fine-buckets": listingFineBuckets,
  "0013-catalogue-change-notices": catalogueChangeNotices,
  "0014-product-projection": productProjection,
  "0015-picture-hashes": pictureHashes,
  "0016-idempotency-keys": idempotencyKeys,
  "0017-home-feeds": homeFeeds,
  "0019-find": find,
  "0021-notifications": notifications,
  "0022-notify-chat-and-searches": notifyChatAndSearches,
  "0023-web-push": webPush,
  "0024-trust": trust,
  "0025-chat-blocks": chatBlocks,
  "0026-catalogue-changes": catalogueChanges,
  "0027-chat-client-ids": chatClientIds,
  "0028-code-allowances-per-address": codeAllowancesPerAddress,
  "0029-codes-resent-wrong-per-day": codesResentWrongPerDay,
  "0030-taxonomy-changes": taxonomyChanges,
  "0031-push-claims": pushClaims,
  "0032-search-sample": searchSample,
};

/** Every migration, by name (exported for the migrations' own tests). */
export const migrationProvider: MigrationProvider = { getMigrations: async () => migrations };
const provider = migrationProvider;

export async function migrateToLatest(db: Kysely<Database>): Promise<void> {
  // Unordered: branches built side by side add migrations whose numbers land out of order.
  const migrator = new Migrator({ db, provider, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === "Error");
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error ?? failed?.migrationName);
    throw new Error(`Database migration failed: ${reason}`);
  }
}
