import { type Kysely, sql } from "kysely";
import type { Database } from "../db/schema.js";

/**
 * Whether a row of `table` other than `exceptId` (under the same parent, when given) has this name
 * whatever its case: catalogue names are unique within their parent (a unique index on lower(name)).
 */
export async function nameTaken(
  db: Kysely<Database>,
  table: "categories" | "sub_categories" | "filters" | "filter_values",
  parent: { column: "category_id" | "sub_category_id" | "filter_id"; id: number } | undefined,
  name: string,
  exceptId?: number,
): Promise<boolean> {
  const { rows } = await sql`
    SELECT id FROM ${sql.table(table)}
    WHERE lower(name) = ${name.toLowerCase()}
      ${parent ? sql`AND ${sql.ref(parent.column)} = ${parent.id}` : sql``}
      ${exceptId !== undefined ? sql`AND id <> ${exceptId}` : sql``}
    LIMIT 1`.execute(db);
  return rows.length > 0;
}
