import { type Kysely, sql } from "kysely";

// A product's answer (the contract's productWire, spec §3) is written in one place: the projection
// below. The database keeps its JSON text on the product's row (`products.wire`, migration 0011),
// written by a trigger from this projection whenever the product or anything it shows changes, and
// every read of a product answer reads that text (products/product-repository.ts): listing pages,
// products by slug and searches send it as it is, the other routes parse it into objects that the
// route's schema checks and writes out.
//
// A new field of a product answer: add it here (and to the contract), then add a migration that
// calls keepProductWire (and adds the column, if the field is a new one). Older migrations that
// called keepProductWire install the newest projection on a fresh database; the newest migration
// installs it on every database, so both end the same.

/**
 * The fields of product `p`'s answer, in the contract's order, as an SQL select list: `p` is a row
 * of products (or NEW in a trigger), `s`, `c` and `sc` its shop, category and sub category. The
 * average is 0–5 with one decimal, written in its shortest form (4, not 4.0).
 */
export const productFields = (p: string) => `
  ${p}.id AS product_id, ${p}.name AS product_name, ${p}.slug, ${p}.description, ${p}.price,
  ${p}.in_stock, ${p}.images,
  s.id AS shop_id, s.name AS shop_name, s.verification_status AS shop_verification_status,
  c.id AS category_id, c.name AS category_name, sc.id AS sub_category_id, sc.name AS sub_category_name,
  CASE WHEN ${p}.rating_count > 0
    THEN trim_scale(round(${p}.rating_total::numeric / ${p}.rating_count / 2, 1)) ELSE 0 END AS average_rating,
  ${p}.rating_count AS number_of_users_rated, ${p}.sku`;

/**
 * Product `p`'s answer as JSON text, or NULL when its shop, category or sub category is gone.
 * row_to_json writes the fields in order, without spaces, strings escaped as JSON.stringify escapes
 * them: the same bytes the route's serializer writes for the parsed object.
 */
export const productJson = (p: string) => `(
  SELECT row_to_json(f)::text FROM (
    SELECT ${productFields(p)}
    FROM shops s, categories c, sub_categories sc
    WHERE s.id = ${p}.shop_id AND c.id = ${p}.category_id AND sc.id = ${p}.sub_category_id
  ) f)`;

/**
 * Installs the projection: the trigger that writes a product's text from it (products_keep_wire,
 * made by migration 0011, replaced), then every product's text written again.
 */
export async function keepProductWire(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`
    CREATE OR REPLACE FUNCTION products_keep_wire() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      NEW.wire := ${productJson("NEW")};
      -- What the foreign keys would have said a moment later (a category deleted meanwhile), not a
      -- missing text: callers tell that error apart.
      IF NEW.wire IS NULL THEN
        RAISE foreign_key_violation USING
          MESSAGE = 'product ' || NEW.id || ': its shop, category or sub category does not exist';
      END IF;
      RETURN NEW;
    END $$`)
    .execute(db);
  // Through the trigger, which writes the text from the projection just installed.
  await sql`UPDATE products SET wire = NULL`.execute(db);
}
