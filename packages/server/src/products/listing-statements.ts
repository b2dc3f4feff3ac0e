import { PAGE_SIZE_MAX } from "@katale/domain";
import { type RawBuilder, sql } from "kysely";
import { LISTING_BUCKET_BITS, LISTING_FINE_BUCKET_BITS } from "./listing-blocks.js";
import type { ListedFilter } from "./product-repository.js";

// The listing pages' statement: which block of ids each page starts in (the block-count tables,
// migrations 0006 and 0012), then the page's ids off its listing's index. ProductRepository reads
// pages through it, batched.

/** The listings a page belongs to, as listing_counts and listing_buckets name them (scope). */
export type ListingScope = "all" | "category" | "sub_category";

/** The page sizes listing statements are prepared for; a page of another size reads the next one up. */
export const PAGE_LIMITS = [8, 20, 50, PAGE_SIZE_MAX];
/** The statement a page of this size runs: the first PAGE_LIMITS entry that holds it. */
export const pageLimit = (pageSize: number) => PAGE_LIMITS.find((n) => n >= pageSize) ?? pageSize;
/** Pages read in one statement at most. */
export const PAGE_BATCH_MAX = 64;

/**
 * A page of a listing as the listing statement reads it: its listing, how many products precede it,
 * and how many it shows.
 */
export type PageAsked = { scope: ListingScope; scopeId: number; skip: number; size: number };
/** A listing's count and one of its pages' products as a JSON array. */
export type ListingArray = { count: number; results: string };

export function pageAsked(filter: ListedFilter, page: number, pageSize: number): PageAsked {
  const scope =
    filter.subCategoryId !== undefined
      ? "sub_category"
      : filter.categoryId !== undefined
        ? "category"
        : "all";
  return {
    scope,
    scopeId: filter.subCategoryId ?? filter.categoryId ?? 0,
    skip: (page - 1) * pageSize,
    size: pageSize,
  };
}

/** A block of 1,024 ids (listing_buckets) holds 2 ** this blocks of 128 (listing_fine_buckets). */
const FINE_PER_BLOCK_BITS = LISTING_BUCKET_BITS - LISTING_FINE_BUCKET_BITS;

/**
 * A listing's blocks in `table` (listing_buckets or listing_fine_buckets) that `where` picks, newest
 * first, each with how many of the listing's in-stock products are newer (`newer`): read off the
 * primary key backwards, so the running sum needs no sort.
 */
export function blocksNewestFirst(
  table: "listing_buckets" | "listing_fine_buckets",
  where: RawBuilder<unknown>,
): RawBuilder<{ bucket: number; in_stock: number; newer: number }> {
  return sql`
    SELECT bucket, in_stock, sum(in_stock::int) OVER (ORDER BY bucket DESC) - in_stock AS newer
    FROM ${sql.table(table)} WHERE ${where}
    ORDER BY bucket DESC`;
}

/**
 * The head of the listing statements: each page asked (`a`, numbered `ord` in the order asked) with its
 * listing's count (`lc.in_stock`) and the block of ids its first product lies in (`start`).
 *
 * The arguments arrive as parallel arrays, numbered by ORDINALITY. They are read through subqueries,
 * so no plan knows them (nor how many there are): the generic plan costs what a custom one does and is
 * kept, instead of planning the statement again for every batch.
 *
 * A page starts in the block of 128 ids (listing_fine_buckets, migration 0012) that holds its first
 * product, so it steps over at most 127 products of that block, however deep the page. That block is
 * found in two steps: the block of 1,024 ids (listing_buckets) by the running sums of the listing's
 * blocks, then the block of 128 among the eight it holds. A page past the end has no such block and
 * reads no product (id < NULL ends the index scan before it starts).
 *
 * The blocks' running sums are taken once per listing of the batch (`blocks`), newest block first
 * straight off the index (no sort), and kept as arrays: each page finds its block by a binary search
 * of the sums (width_bucket: the last block whose newer products are not more than the page skips).
 * Matching every page against every block instead cost a batch of 24 pages 2,352 comparisons at
 * 100,000 products, and more as the catalogue grows (issue 13: about 8 µs of the statement's
 * database time per page, 45-52 µs before, 38-46 after, on one machine in alternating runs).
 *
 * Within that block the page's first product (`first.id`) is read off the listing's index alone
 * (index-only: no row of the table), when the block holds no hidden product in stock: its in-stock
 * entries in the index are as many as it has listed products. The index cannot tell a hidden
 * product, so a block holding one (`first.id` NULL) steps over its products in the table, as every
 * page did before: each a row read only to see `hidden`, 64 on average, most of the statement's
 * database time (docs/performance.md, "Listing pages start off the index").
 */
export function pagesFrom(asked: readonly PageAsked[]) {
  return sql`
    WITH args AS MATERIALIZED (
      SELECT a.ord, a.scope, a.scope_id, a.skip, a.size
      FROM unnest((SELECT ${asked.map((a) => a.scope)}::text[]), (SELECT ${asked.map((a) => a.scopeId)}::int[]),
                  (SELECT ${asked.map((a) => a.skip)}::bigint[]), (SELECT ${asked.map((a) => a.size)}::int[]))
        WITH ORDINALITY AS a(scope, scope_id, skip, size, ord)
    ),
    blocks AS MATERIALIZED (
      SELECT l.scope, l.scope_id, k.buckets, k.newers, k.counts
      FROM (SELECT DISTINCT scope, scope_id FROM args) l
      CROSS JOIN LATERAL (
        SELECT array_agg(b.bucket) AS buckets, array_agg(b.newer) AS newers, array_agg(b.in_stock) AS counts
        FROM (${blocksNewestFirst("listing_buckets", sql`scope = l.scope AND scope_id = l.scope_id`)}) b
      ) k
    )
    SELECT a.ord, lc.in_stock AS total, x.*
    FROM args a
    JOIN listing_counts lc ON lc.scope = a.scope AND lc.scope_id = a.scope_id
    LEFT JOIN LATERAL (
      SELECT k.buckets[w.i] AS bucket, k.newers[w.i] AS newer
      FROM blocks k CROSS JOIN LATERAL (SELECT width_bucket(a.skip, k.newers) AS i) w
      WHERE k.scope = a.scope AND k.scope_id = a.scope_id AND a.skip < k.newers[w.i] + k.counts[w.i]
    ) start ON true
    LEFT JOIN LATERAL (
      SELECT f.bucket, f.in_stock, a.skip - start.newer - f.newer AS skip
      FROM (${blocksNewestFirst(
        "listing_fine_buckets",
        sql`scope = a.scope AND scope_id = a.scope_id
          AND bucket >= start.bucket << ${sql.lit(FINE_PER_BLOCK_BITS)}
          AND bucket < (start.bucket + 1) << ${sql.lit(FINE_PER_BLOCK_BITS)}`,
      )}) f
      WHERE f.newer <= a.skip - start.newer AND a.skip - start.newer < f.newer + f.in_stock
    ) fine ON true
    LEFT JOIN LATERAL (
      SELECT CASE WHEN (SELECT count(*) FROM (${inStockOfBlock(sql`id >= fine.bucket << ${sql.lit(LISTING_FINE_BUCKET_BITS)}`, sql``)}) c) = fine.in_stock
        THEN (SELECT id FROM (${inStockOfBlock(sql`true`, sql`ORDER BY id DESC OFFSET fine.skip LIMIT 1`)}) o) END AS id
      OFFSET 0
    ) first ON true`;
}

/** The end (exclusive) of a page's first block of 128 ids. */
const BELOW = sql`(fine.bucket + 1) << ${sql.lit(LISTING_FINE_BUCKET_BITS)}`;

/**
 * Page `a`'s in-stock products (hidden or not) in its first block of 128 ids that `where` picks,
 * `tail` ordering them: read off the listing's index alone.
 */
function inStockOfBlock(where: RawBuilder<unknown>, tail: RawBuilder<unknown>) {
  return sql`
    (SELECT id FROM products WHERE a.scope = 'all' AND in_stock > 0 AND id < ${BELOW} AND ${where} ${tail})
    UNION ALL
    (SELECT id FROM products
      WHERE a.scope = 'category' AND in_stock > 0 AND category_id = a.scope_id AND id < ${BELOW} AND ${where} ${tail})
    UNION ALL
    (SELECT id FROM products
      WHERE a.scope = 'sub_category' AND in_stock > 0 AND sub_category_id = a.scope_id AND id < ${BELOW} AND ${where} ${tail})`;
}

/**
 * The products (id, wire) of page `a` (see pagesFrom), its first `limit`, newest first: from its
 * first product on, or past `fine.skip` of its block's when the block holds a hidden one. Each listing's ids
 * come from its own index, in a branch of the UNION ALL that only its scope runs (the others are cut
 * off by their one-time filter before reading anything). The page's size is written into the
 * statement, not bound: a generic plan takes a bound LIMIT for a tenth of the table and reads all of
 * it; hence one statement per PAGE_LIMITS entry.
 */
export function productsOfPage(limit: number) {
  const below = sql`id <= coalesce(first.id, (${BELOW}) - 1)`;
  const page = sql`ORDER BY id DESC LIMIT ${sql.lit(limit)} OFFSET CASE WHEN first.id IS NULL THEN fine.skip ELSE 0 END`;
  return sql`
    (SELECT id, wire FROM products WHERE a.scope = 'all' AND in_stock > 0 AND NOT hidden AND ${below} ${page})
    UNION ALL
    (SELECT id, wire FROM products
      WHERE a.scope = 'category' AND in_stock > 0 AND NOT hidden AND category_id = a.scope_id AND ${below} ${page})
    UNION ALL
    (SELECT id, wire FROM products
      WHERE a.scope = 'sub_category' AND in_stock > 0 AND NOT hidden AND sub_category_id = a.scope_id AND ${below} ${page})`;
}
