import { type Kysely, sql } from "kysely";

// The read cache (http/read-cache.ts) drops only what a change can show, so the notice a change
// sends (NOTIFY katale_catalogue_changed) names the rows it touched: `products:12,40` instead of
// `products`. These are the tables a product's own answer shows (its row, its shop, its category,
// its sub category); the other catalogue tables keep migration 0001's notice of the table alone.
// A statement that changes no row sends nothing. The ids are read from the statement's transition
// tables: one notice per statement, however many rows (an import, a shop's rename rewriting its
// products' texts). A notice too long for NOTIFY (8,000 bytes) names the table alone, which drops
// all of it, as does TRUNCATE.

/** The tables whose notices name their rows. */
export const NOTICES_WITH_IDS = ["products", "shops", "categories", "sub_categories"] as const;

/** The longest id list a notice carries; a longer one is sent as the table's name alone. */
const IDS_MAX_CHARS = 7_000;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`
    CREATE FUNCTION notify_catalogue_rows_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      ids text;
    BEGIN
      IF TG_OP = 'INSERT' THEN
        SELECT string_agg(id::text, ',') INTO ids FROM new_rows;
      ELSIF TG_OP = 'DELETE' THEN
        SELECT string_agg(id::text, ',') INTO ids FROM old_rows;
      ELSE
        SELECT string_agg(id::text, ',') INTO ids
        FROM (SELECT id FROM old_rows UNION SELECT id FROM new_rows) changed;
      END IF;
      IF ids IS NOT NULL THEN
        PERFORM pg_notify('katale_catalogue_changed',
          CASE WHEN length(ids) <= ${IDS_MAX_CHARS} THEN TG_TABLE_NAME || ':' || ids ELSE TG_TABLE_NAME END);
      END IF;
      RETURN NULL;
    END $$`)
    .execute(db);
  for (const table of NOTICES_WITH_IDS) {
    await sql.raw(`DROP TRIGGER ${table}_notify_changed ON ${table}`).execute(db);
    const referencing = {
      insert: "NEW TABLE AS new_rows",
      update: "OLD TABLE AS old_rows NEW TABLE AS new_rows",
      delete: "OLD TABLE AS old_rows",
    };
    for (const [op, tables] of Object.entries(referencing)) {
      await sql
        .raw(`CREATE TRIGGER ${table}_notify_${op} AFTER ${op.toUpperCase()} ON ${table}
          REFERENCING ${tables} FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_rows_changed()`)
        .execute(db);
    }
    await sql
      .raw(`CREATE TRIGGER ${table}_notify_truncate AFTER TRUNCATE ON ${table}
        FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed()`)
      .execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of NOTICES_WITH_IDS) {
    for (const op of ["insert", "update", "delete", "truncate"]) {
      await sql.raw(`DROP TRIGGER IF EXISTS ${table}_notify_${op} ON ${table}`).execute(db);
    }
    await sql
      .raw(`CREATE TRIGGER ${table}_notify_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${table}
        FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed()`)
      .execute(db);
  }
  await sql`DROP FUNCTION IF EXISTS notify_catalogue_rows_changed()`.execute(db);
}
