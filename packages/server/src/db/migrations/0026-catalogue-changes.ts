import { type Kysely, sql } from "kysely";

// The browse index's log (find/browse-index.ts): each statement that changes products, their filter
// values or shops appends the ids it changed, in the same transaction, so every server instance can
// bring its index up to date before it answers, without waiting for a notice.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE catalogue_changes (
      seq bigserial PRIMARY KEY,
      tbl text NOT NULL CHECK (tbl IN ('products', 'shops')),
      ids integer[] NOT NULL,
      at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX catalogue_changes_at_idx ON catalogue_changes (at)`.execute(db);
  // TG_ARGV[0]: the table the ids are of; TG_ARGV[1]: 'id' or 'product_id', the column holding them.
  await sql`
    CREATE FUNCTION log_catalogue_change() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      changed integer[];
    BEGIN
      IF TG_ARGV[1] = 'product_id' THEN
        IF TG_OP = 'INSERT' THEN SELECT array_agg(DISTINCT product_id) INTO changed FROM new_rows;
        ELSIF TG_OP = 'DELETE' THEN SELECT array_agg(DISTINCT product_id) INTO changed FROM old_rows;
        ELSE SELECT array_agg(DISTINCT product_id) INTO changed
          FROM (SELECT product_id FROM old_rows UNION SELECT product_id FROM new_rows) c;
        END IF;
      ELSE
        IF TG_OP = 'INSERT' THEN SELECT array_agg(DISTINCT id) INTO changed FROM new_rows;
        ELSIF TG_OP = 'DELETE' THEN SELECT array_agg(DISTINCT id) INTO changed FROM old_rows;
        ELSE SELECT array_agg(DISTINCT id) INTO changed FROM (SELECT id FROM old_rows UNION SELECT id FROM new_rows) c;
        END IF;
      END IF;
      IF changed IS NOT NULL THEN
        INSERT INTO catalogue_changes (tbl, ids) VALUES (TG_ARGV[0], changed);
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  const referencing = {
    insert: "NEW TABLE AS new_rows",
    update: "OLD TABLE AS old_rows NEW TABLE AS new_rows",
    delete: "OLD TABLE AS old_rows",
  };
  const logged = [
    ["products", "products", "id"],
    ["product_filter_values", "products", "product_id"],
    ["shops", "shops", "id"],
  ] as const;
  for (const [table, tbl, column] of logged)
    for (const [op, tables] of Object.entries(referencing))
      await sql
        .raw(`CREATE TRIGGER ${table}_log_${op} AFTER ${op.toUpperCase()} ON ${table}
          REFERENCING ${tables} FOR EACH STATEMENT EXECUTE FUNCTION log_catalogue_change('${tbl}', '${column}')`)
        .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["products", "product_filter_values", "shops"])
    for (const op of ["insert", "update", "delete"])
      await sql.raw(`DROP TRIGGER ${table}_log_${op} ON ${table}`).execute(db);
  await sql`DROP FUNCTION log_catalogue_change()`.execute(db);
  await sql`DROP TABLE catalogue_changes`.execute(db);
}
