import { type Kysely, sql } from "kysely";

// A product's answer as JSON text kept on its row (`wire`, issue 13). A listing page, a product by
// slug and a search sent products the database wrote as JSON on every request: the row joined to its
// shop, category and sub category, and each text escaped by to_json. That was more than half of a
// listing page's database time at 100,000 products (a batch of fifty pages: 8 ms, 3.5 ms of it
// finding the ids). Now the text is written when the product changes, and when anything it shows
// changes: its shop's name or verification status, its category's or sub category's name. The hot
// read paths read it as it is.
//
// The text is the bytes JSON.stringify writes for the route's object (products/product-repository.ts,
// toWire): the wire's key order, strings escaped as JSON.stringify escapes them (to_json), the
// average as the shortest form of its number (4.0 is 4).

/** The JSON text of product `p` (a row of products), its shop `s`, category `c` and sub category `sc`. */
export const PRODUCT_WIRE = (p: string) => `'{"product_id":' || ${p}.id
  || ',"product_name":' || to_json(${p}.name)::text
  || ',"slug":' || to_json(${p}.slug)::text
  || ',"description":' || to_json(${p}.description)::text
  || ',"price":' || ${p}.price
  || ',"in_stock":' || ${p}.in_stock
  || ',"images":' || to_json(${p}.images)::text
  || ',"shop_id":' || s.id
  || ',"shop_name":' || to_json(s.name)::text
  || ',"shop_verification_status":' || to_json(s.verification_status)::text
  || ',"category_id":' || c.id
  || ',"category_name":' || to_json(c.name)::text
  || ',"sub_category_id":' || sc.id
  || ',"sub_category_name":' || to_json(sc.name)::text
  || ',"average_rating":' || CASE WHEN ${p}.rating_count > 0
       THEN trim_scale(round(${p}.rating_total::numeric / ${p}.rating_count / 2, 1))::text ELSE '0' END
  || ',"number_of_users_rated":' || ${p}.rating_count
  || ',"sku":' || coalesce(to_json(${p}.sku)::text, 'null') || '}'`;

/** What a product's text shows of other tables: their columns, and which of the product's columns names them. */
const SHOWN = [
  { table: "shops", column: "shop_id", shows: ["name", "verification_status"] },
  { table: "categories", column: "category_id", shows: ["name"] },
  { table: "sub_categories", column: "sub_category_id", shows: ["name"] },
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE products ADD COLUMN wire text`.execute(db);
  await sql
    .raw(`
    UPDATE products p SET wire = ${PRODUCT_WIRE("p")}
    FROM shops s, categories c, sub_categories sc
    WHERE s.id = p.shop_id AND c.id = p.category_id AND sc.id = p.sub_category_id`)
    .execute(db);
  // Every insert and update of a product writes its text again (stock, price, pictures and ratings
  // change the row; their own triggers update it, which runs this one).
  await sql
    .raw(`
    CREATE FUNCTION products_keep_wire() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      SELECT ${PRODUCT_WIRE("NEW")} INTO NEW.wire
      FROM shops s, categories c, sub_categories sc
      WHERE s.id = NEW.shop_id AND c.id = NEW.category_id AND sc.id = NEW.sub_category_id;
      -- What the foreign keys would have said a moment later (a category deleted meanwhile), not a
      -- missing text: callers tell that error apart.
      IF NOT FOUND THEN
        RAISE foreign_key_violation USING
          MESSAGE = 'product ' || NEW.id || ': its shop, category or sub category does not exist';
      END IF;
      RETURN NEW;
    END $$`)
    .execute(db);
  await sql`
    CREATE TRIGGER products_keep_wire BEFORE INSERT OR UPDATE ON products
    FOR EACH ROW EXECUTE FUNCTION products_keep_wire()`.execute(db);
  await sql`ALTER TABLE products ALTER COLUMN wire SET NOT NULL`.execute(db);
  // A rename (or a shop's new verification status) writes its products' texts again: rare, and as
  // many rows as the shop or category holds. Only updates that set a shown column fire it (not the
  // shop's rating totals, which every rating updates).
  for (const { table, column, shows } of SHOWN) {
    const row = (which: string) => `(${shows.map((c) => `${which}.${c}`).join(", ")})`;
    await sql
      .raw(`
      CREATE FUNCTION ${table}_keep_product_wire() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF ${row("OLD")} IS DISTINCT FROM ${row("NEW")} THEN
          UPDATE products SET wire = NULL WHERE ${column} = NEW.id;
        END IF;
        RETURN NULL;
      END $$`)
      .execute(db);
    await sql
      .raw(`CREATE TRIGGER ${table}_keep_product_wire AFTER UPDATE OF ${shows.join(", ")} ON ${table}
        FOR EACH ROW EXECUTE FUNCTION ${table}_keep_product_wire()`)
      .execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const { table } of SHOWN) {
    await sql.raw(`DROP TRIGGER IF EXISTS ${table}_keep_product_wire ON ${table}`).execute(db);
    await sql.raw(`DROP FUNCTION IF EXISTS ${table}_keep_product_wire()`).execute(db);
  }
  await sql`DROP TRIGGER IF EXISTS products_keep_wire ON products`.execute(db);
  await sql`DROP FUNCTION IF EXISTS products_keep_wire()`.execute(db);
  await sql`ALTER TABLE products DROP COLUMN IF EXISTS wire`.execute(db);
}
