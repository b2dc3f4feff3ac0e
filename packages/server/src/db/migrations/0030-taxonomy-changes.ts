import { type Kysely, sql } from "kysely";

// The browse index (find/browse-index.ts) also keeps the taxonomy in memory: it checks a browse's
// category, sub category and values, and names the filters facet, without a statement. Changes to
// the taxonomy's tables are logged in catalogue_changes too (as 'taxonomy'), so every instance
// reloads it before its next answer, as it applies product and shop changes.

const TAXONOMY = ["categories", "sub_categories", "filters", "filter_values"] as const;
const OPS = {
  insert: "NEW TABLE AS new_rows",
  update: "OLD TABLE AS old_rows NEW TABLE AS new_rows",
  delete: "OLD TABLE AS old_rows",
};

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE catalogue_changes DROP CONSTRAINT catalogue_changes_tbl_check`.execute(db);
  await sql`
    ALTER TABLE catalogue_changes ADD CONSTRAINT catalogue_changes_tbl_check
    CHECK (tbl IN ('products', 'shops', 'taxonomy'))`.execute(db);
  for (const table of TAXONOMY)
    for (const [op, tables] of Object.entries(OPS))
      await sql
        .raw(`CREATE TRIGGER ${table}_log_${op} AFTER ${op.toUpperCase()} ON ${table}
          REFERENCING ${tables} FOR EACH STATEMENT EXECUTE FUNCTION log_catalogue_change('taxonomy', 'id')`)
        .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of TAXONOMY)
    for (const op of Object.keys(OPS))
      await sql.raw(`DROP TRIGGER ${table}_log_${op} ON ${table}`).execute(db);
  await sql`DELETE FROM catalogue_changes WHERE tbl = 'taxonomy'`.execute(db);
  await sql`ALTER TABLE catalogue_changes DROP CONSTRAINT catalogue_changes_tbl_check`.execute(db);
  await sql`
    ALTER TABLE catalogue_changes ADD CONSTRAINT catalogue_changes_tbl_check
    CHECK (tbl IN ('products', 'shops'))`.execute(db);
}
