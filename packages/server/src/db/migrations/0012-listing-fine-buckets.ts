import { type Kysely, sql } from "kysely";

// A page of a listing starts in its block of 1,024 ids (listing_buckets, migration 0006) and stepped
// over up to 1,023 products of that block in the listing's index: half of a cold listing page's
// database time at 100,000 products once the rest was kept (issue 13). listing_fine_buckets keeps the
// same in-stock counts per block of 128 ids (by the same triggers), so a page finds its block of 128
// within the block of 1,024 (eight rows of the primary key) and steps over at most 127 products. The
// blocks of 1,024 stay for finding that block: summing eight hundred blocks of 128 for every page
// cost more than it saved.

/** Products per fine bucket: ids [b × 128, (b + 1) × 128) are fine bucket b. */
const LISTING_FINE_BUCKET_BITS = 7;

const transitionTables = {
  insert: "NEW TABLE AS new_rows",
  delete: "OLD TABLE AS old_rows",
  update: "OLD TABLE AS old_rows NEW TABLE AS new_rows",
} as const;

/**
 * Fills `table` (scope, scope_id, bucket, in_stock: in-stock products per listing and block of
 * 2 ** `bits` ids) from products, and keeps it in step with statement triggers on products
 * (`<table>_on_insert|delete|update`). Migration 0006's, copied as it was when this one was
 * written: a migration that ran must never change, so none shares code with another.
 */
async function keepListingBuckets(db: Kysely<unknown>, table: string, bits: number): Promise<void> {
  const deltas = {
    insert: `SELECT id >> ${bits} AS bucket, category_id, sub_category_id, 1 AS n FROM new_rows WHERE in_stock > 0`,
    delete: `SELECT id >> ${bits} AS bucket, category_id, sub_category_id, -1 AS n FROM old_rows WHERE in_stock > 0`,
    update: `SELECT id >> ${bits} AS bucket, category_id, sub_category_id, 1 AS n FROM new_rows WHERE in_stock > 0
             UNION ALL SELECT id >> ${bits}, category_id, sub_category_id, -1 FROM old_rows WHERE in_stock > 0`,
  };
  const bucketsFrom = (delta: string) => `
    INSERT INTO ${table} AS lb (scope, scope_id, bucket, in_stock)
    SELECT scope, scope_id, bucket, sum(n) FROM (
      SELECT 'all' AS scope, 0 AS scope_id, bucket, n FROM (${delta}) d
      UNION ALL SELECT 'category', category_id, bucket, n FROM (${delta}) d
      UNION ALL SELECT 'sub_category', sub_category_id, bucket, n FROM (${delta}) d
    ) x GROUP BY scope, scope_id, bucket HAVING sum(n) <> 0
    ON CONFLICT (scope, scope_id, bucket) DO UPDATE SET in_stock = lb.in_stock + excluded.in_stock`;
  await sql
    .raw(
      bucketsFrom(
        `SELECT id >> ${bits} AS bucket, category_id, sub_category_id, 1 AS n FROM products WHERE in_stock > 0`,
      ),
    )
    .execute(db);
  for (const op of ["insert", "delete", "update"] as const) {
    await sql
      .raw(`
      CREATE FUNCTION ${table}_on_${op}() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        ${bucketsFrom(deltas[op])};
        RETURN NULL;
      END $$`)
      .execute(db);
    await sql
      .raw(`CREATE TRIGGER ${table}_on_${op} AFTER ${op.toUpperCase()} ON products
        REFERENCING ${transitionTables[op]} FOR EACH STATEMENT EXECUTE FUNCTION ${table}_on_${op}()`)
      .execute(db);
  }
}

/** Undoes keepListingBuckets: its triggers, their functions and the table. */
async function dropListingBuckets(db: Kysely<unknown>, table: string): Promise<void> {
  for (const op of ["insert", "delete", "update"]) {
    await sql.raw(`DROP TRIGGER IF EXISTS ${table}_on_${op} ON products`).execute(db);
    await sql.raw(`DROP FUNCTION IF EXISTS ${table}_on_${op}()`).execute(db);
  }
  await sql.raw(`DROP TABLE IF EXISTS ${table}`).execute(db);
}

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
