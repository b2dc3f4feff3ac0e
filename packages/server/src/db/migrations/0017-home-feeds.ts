import { type Kysely, sql } from "kysely";

// Trending and For you (products/home-feeds.ts): Trending reads the ratings, saves and views of the
// last days, each by its time, and fills up with the most rated products of all; these indexes let
// each read only what it needs instead of the whole table.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX IF NOT EXISTS ratings_recent_idx ON ratings (created_at)`.execute(db);
  await sql`CREATE INDEX IF NOT EXISTS saved_products_recent_idx ON saved_products (created_at)`.execute(db);
  await sql`CREATE INDEX IF NOT EXISTS browse_history_viewed_idx ON browse_history (viewed_at)`.execute(db);
  await sql`
    CREATE INDEX IF NOT EXISTS products_most_rated_idx ON products (rating_count, id) WHERE in_stock > 0`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of [
    "ratings_recent_idx",
    "saved_products_recent_idx",
    "browse_history_viewed_idx",
    "products_most_rated_idx",
  ])
    await sql`DROP INDEX IF EXISTS ${sql.id(index)}`.execute(db);
}
