import { type Kysely, sql } from "kysely";

// A listing's blocks of 1,024 ids (listing_buckets, migration 0006) from their index alone (issue 13):
// every page of a listing sums the in-stock counts of its listing's blocks, and those rows lie all
// over the table (each block of ids adds a row for every listing at once), so a page of the 'all'
// listing read some 90 table pages for its hundred blocks at 100,000 products. The primary key now
// carries the count (INCLUDE), so the blocks are read in order from the index, without the table.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE listing_buckets
      DROP CONSTRAINT listing_buckets_pkey,
      ADD CONSTRAINT listing_buckets_pkey PRIMARY KEY (scope, scope_id, bucket) INCLUDE (in_stock)`.execute(
    db,
  );
  await sql`ANALYZE listing_buckets`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE listing_buckets
      DROP CONSTRAINT listing_buckets_pkey,
      ADD CONSTRAINT listing_buckets_pkey PRIMARY KEY (scope, scope_id, bucket)`.execute(db);
}
