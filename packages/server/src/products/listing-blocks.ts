// The blocks of ids by which the database keeps a listing's in-stock counts: listing_buckets per
// block of 2 ** LISTING_BUCKET_BITS ids (migration 0006), listing_fine_buckets per block of
// 2 ** LISTING_FINE_BUCKET_BITS (migration 0012). The migrations wrote these sizes into their
// triggers; the listing statements must read the tables with the same ones
// (listing-blocks.int.test.ts fails when they differ). A new size is a new migration first.

/** Products per block of listing_buckets: ids [b × 1024, (b + 1) × 1024) are block b. */
export const LISTING_BUCKET_BITS = 10;

/** Products per block of listing_fine_buckets: ids [b × 128, (b + 1) × 128) are block b. */
export const LISTING_FINE_BUCKET_BITS = 7;
