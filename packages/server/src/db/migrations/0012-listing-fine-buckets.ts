import { type Kysely, sql } from "kysely";
import { dropListingBuckets, keepListingBuckets } from "./0006-read-path.js";

// A page of a listing starts in its block of 1,024 ids (listing_buckets, migration 0006) and stepped
// over up to 1,023 products of that block in the listing's index: half of a cold listing page's
// database time at 100,000 products once the rest was kept (issue 13). listing_fine_buckets keeps the
// same in-stock counts per block of 128 ids (by the same triggers), so a page finds its block of 128
// within the block of 1,024 (eight rows of the primary key) and steps over at most 127 products. The
// blocks of 1,024 stay for finding that block: summing eight hundred blocks of 128 for every page
// cost more than it saved.

/** Products per fine bucket: ids [b × 128, (b + 1) × 128) are fine bucket b. */
const LISTING_FINE_BUCKET_BITS = 7;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE listing_fine_buckets (
      scope text NOT NULL CHECK (scope IN ('all', 'category', 'sub_category')),
      scope_id integer NOT NULL,
      bucket integer NOT NULL,
      in_stock bigint NOT NULL DEFAULT 0,
      PRIMARY KEY (scope, scope_id, bucket) INCLUDE (in_stock)
    )`.execute(db);
  await keepListingBuckets(db, "listing_fine_buckets", LISTING_FINE_BUCKET_BITS);
  await sql`ANALYZE listing_fine_buckets`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropListingBuckets(db, "listing_fine_buckets");
}
