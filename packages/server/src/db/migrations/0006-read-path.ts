import { type Kysely, sql } from "kysely";

// The read path without the read cache (issue 13): every product answer is one statement on kept
// data, no aggregate per request.
// - A product's image paths in position order live on its row (`images`), kept by statement triggers
//   on product_images, so product answers no longer aggregate product_images per product.
// - A deep page of a listing no longer steps over every product before it: listing_buckets keeps the
//   in-stock count of each listing per block of 1,024 ids (statement triggers, like listing_counts),
//   so a page starts in its block and steps over at most 1,023 products.
// - Search (products/product-repository.ts) finds its candidates tier by tier, best first, each tier
//   from an index and bounded: the name's own tsvector (`name_vector`, indexed) before the whole text.
// - Typos are forgiven through the words of product names (`search_words`, kept by triggers on
//   products, with a trigram index): a query word no name word starts with is widened to the name
//   words it is close to ('samsng' to 'samsung'), which costs a lookup in a few thousand words
//   instead of a trigram comparison with every product name.

/** Products per bucket of listing_buckets: ids [b × 1024, (b + 1) × 1024) are bucket b. */
const LISTING_BUCKET_BITS = 10;

/** Name words of 3 to 40 ASCII letters and digits (the only ones search widens a typo to). */
const NAME_WORDS = (nameColumn: string) => `
  SELECT DISTINCT lexeme FROM unnest(to_tsvector('simple', ${nameColumn}))
  WHERE lexeme ~ '^[a-z0-9]{3,40}$'`;

const transitionTables = {
  insert: "NEW TABLE AS new_rows",
  delete: "OLD TABLE AS old_rows",
  update: "OLD TABLE AS old_rows NEW TABLE AS new_rows",
} as const;

/**
 * Fills `table` (scope, scope_id, bucket, in_stock: in-stock products per listing and block of
 * 2 ** `bits` ids) from products, and keeps it in step with statement triggers on products
 * (`<table>_on_insert|delete|update`). listing_buckets (here) and listing_fine_buckets (migration
 * 0012) are both made by it: what it writes must not change once a migration has used it.
 */
export async function keepListingBuckets(db: Kysely<unknown>, table: string, bits: number): Promise<void> {
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
export async function dropListingBuckets(db: Kysely<unknown>, table: string): Promise<void> {
  for (const op of ["insert", "delete", "update"]) {
    await sql.raw(`DROP TRIGGER IF EXISTS ${table}_on_${op} ON products`).execute(db);
    await sql.raw(`DROP FUNCTION IF EXISTS ${table}_on_${op}()`).execute(db);
  }
  await sql.raw(`DROP TABLE IF EXISTS ${table}`).execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  // Search by the name's trigrams over every product is gone (search_words instead). The full-text
  // index is built again after the rows are rewritten below: cheaper than updating it row by row.
  await sql`DROP INDEX IF EXISTS products_name_trgm_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS products_search_idx`.execute(db);
  await sql`ALTER TABLE products ADD COLUMN images text[] NOT NULL DEFAULT '{}'`.execute(db);
  await sql`
    UPDATE products p SET images = i.paths
    FROM (SELECT product_id, array_agg(path ORDER BY position) AS paths FROM product_images GROUP BY product_id) i
    WHERE i.product_id = p.id`.execute(db);
  await sql`
    ALTER TABLE products ADD COLUMN name_vector tsvector
      GENERATED ALWAYS AS (to_tsvector('english', name)) STORED`.execute(db);
  await sql`CREATE INDEX products_search_idx ON products USING gin (search_vector) WITH (fastupdate = off)`.execute(
    db,
  );
  await sql`CREATE INDEX products_name_search_idx ON products USING gin (name_vector) WITH (fastupdate = off)`.execute(
    db,
  );

  const changed = {
    insert: "SELECT product_id FROM new_rows",
    delete: "SELECT product_id FROM old_rows",
    update: "SELECT product_id FROM new_rows UNION SELECT product_id FROM old_rows",
  };
  for (const op of ["insert", "delete", "update"] as const) {
    await sql
      .raw(`
      CREATE FUNCTION product_images_keep_paths_on_${op}() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE products p SET images = coalesce(
          (SELECT array_agg(pi.path ORDER BY pi.position) FROM product_images pi WHERE pi.product_id = p.id),
          '{}')
        WHERE p.id IN (${changed[op]});
        RETURN NULL;
      END $$`)
      .execute(db);
    await sql
      .raw(`CREATE TRIGGER product_images_keep_paths_on_${op} AFTER ${op.toUpperCase()} ON product_images
        REFERENCING ${transitionTables[op]} FOR EACH STATEMENT EXECUTE FUNCTION product_images_keep_paths_on_${op}()`)
      .execute(db);
  }

  await sql`
    CREATE TABLE listing_buckets (
      scope text NOT NULL CHECK (scope IN ('all', 'category', 'sub_category')),
      scope_id integer NOT NULL,
      bucket integer NOT NULL,
      in_stock bigint NOT NULL DEFAULT 0,
      PRIMARY KEY (scope, scope_id, bucket)
    )`.execute(db);
  await keepListingBuckets(db, "listing_buckets", LISTING_BUCKET_BITS);

  await sql`CREATE TABLE search_words (word text COLLATE "C" PRIMARY KEY)`.execute(db);
  await sql`CREATE INDEX search_words_trgm_idx ON search_words USING gin (word gin_trgm_ops)`.execute(db);
  await sql
    .raw(
      `INSERT INTO search_words (word) SELECT DISTINCT w.lexeme FROM products p, LATERAL (${NAME_WORDS("p.name")}) w`,
    )
    .execute(db);
  // Words of names no product has any more stay: they only widen a query to words that find nothing.
  for (const op of ["insert", "update"] as const) {
    await sql
      .raw(`
      CREATE FUNCTION search_words_on_${op}() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO search_words (word)
        SELECT DISTINCT w.lexeme FROM new_rows n, LATERAL (${NAME_WORDS("n.name")}) w
        ON CONFLICT DO NOTHING;
        RETURN NULL;
      END $$`)
      .execute(db);
    await sql
      .raw(`CREATE TRIGGER search_words_on_${op} AFTER ${op.toUpperCase()} ON products
        REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_words_on_${op}()`)
      .execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropListingBuckets(db, "listing_buckets");
  for (const op of ["insert", "update"]) {
    await sql.raw(`DROP TRIGGER IF EXISTS search_words_on_${op} ON products`).execute(db);
    await sql.raw(`DROP FUNCTION IF EXISTS search_words_on_${op}()`).execute(db);
  }
  await sql`DROP TABLE IF EXISTS search_words`.execute(db);
  for (const op of ["insert", "delete", "update"]) {
    await sql.raw(`DROP TRIGGER IF EXISTS product_images_keep_paths_on_${op} ON product_images`).execute(db);
    await sql.raw(`DROP FUNCTION IF EXISTS product_images_keep_paths_on_${op}()`).execute(db);
  }
  await sql`CREATE INDEX IF NOT EXISTS products_name_trgm_idx ON products USING gin (name gin_trgm_ops)`.execute(
    db,
  );
  await sql`DROP INDEX IF EXISTS products_name_search_idx`.execute(db);
  await sql`ALTER TABLE products DROP COLUMN IF EXISTS name_vector`.execute(db);
  await sql`ALTER TABLE products DROP COLUMN IF EXISTS images`.execute(db);
}
