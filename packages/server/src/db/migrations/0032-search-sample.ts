import { type Kysely, sql } from "kysely";

// Search's sample indexes (docs/performance.md, "Search sample"): the name and text vectors of one
// listed product in SEARCH_SAMPLE_EVERY, by id. A tier of a word in a few thousand products takes
// its 50 from the sample's index (a sixteenth of the bitmap to build) and reads the whole index only
// when the sample holds fewer than 50 (products/product-search.ts). The predicate is fixed here: the
// statement repeats it word for word, or the planner cannot use these indexes.

/** One product in this many (id % SEARCH_SAMPLE_EVERY = 0) is in the sample. */
export const SEARCH_SAMPLE_EVERY = 16;

export async function up(db: Kysely<unknown>): Promise<void> {
  const where = sql.raw(`WHERE id % ${SEARCH_SAMPLE_EVERY} = 0 AND in_stock > 0 AND NOT hidden`);
  await sql`CREATE INDEX products_name_sample_idx ON products USING gin (name_vector) WITH (fastupdate = off) ${where}`.execute(
    db,
  );
  await sql`CREATE INDEX products_search_sample_idx ON products USING gin (search_vector) WITH (fastupdate = off) ${where}`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS products_search_sample_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS products_name_sample_idx`.execute(db);
}
