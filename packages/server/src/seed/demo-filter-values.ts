import { type Kysely, sql } from "kysely";
import type { Database } from "../db/schema.js";

// The demo products' filter values, so a newcomer sees filters narrow and count on the first start.
// Each product takes, for each filter of its sub category, the value its name or description names
// ('Samsung 43" Smart TV': 43", Smart), else one picked from its id (the same on every run, as the
// ids are); about one product in seven leaves a filter unset, as sellers do.

export async function seedDemoFilterValues(db: Kysely<Database>): Promise<void> {
  await sql`
    INSERT INTO product_filter_values (product_id, filter_id, value_id)
    SELECT p.id, f.id, coalesce(
      (SELECT v.id FROM filter_values v
        WHERE v.filter_id = f.id AND strpos(lower(p.name || ' ' || p.description), lower(v.name)) > 0
        ORDER BY length(v.name) DESC, v.id LIMIT 1),
      (SELECT v.id FROM filter_values v WHERE v.filter_id = f.id ORDER BY v.id
        OFFSET (p.id * 7 + f.id * 13) % (SELECT count(*) FROM filter_values c WHERE c.filter_id = f.id) LIMIT 1))
    FROM products p JOIN filters f ON f.sub_category_id = p.sub_category_id
    WHERE (p.id + f.id) % 7 <> 0 AND EXISTS (SELECT 1 FROM filter_values v WHERE v.filter_id = f.id)`.execute(
    db,
  );
}
