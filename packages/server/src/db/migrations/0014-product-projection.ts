import { type Kysely, sql } from "kysely";
import { keepProductWire } from "../../products/product-projection.js";
import { PRODUCT_WIRE } from "./0011-product-wire.js";

// A product's kept text (`wire`, migration 0011) is written from one projection that every product
// read shares (products/product-projection.ts), instead of a string concatenation written to match
// JSON.stringify beside a second list of the same columns for the reads that built objects. The
// text is the same bytes as before.

export async function up(db: Kysely<unknown>): Promise<void> {
  await keepProductWire(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // Migration 0011's function again.
  await sql
    .raw(`
    CREATE OR REPLACE FUNCTION products_keep_wire() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      SELECT ${PRODUCT_WIRE("NEW")} INTO NEW.wire
      FROM shops s, categories c, sub_categories sc
      WHERE s.id = NEW.shop_id AND c.id = NEW.category_id AND sc.id = NEW.sub_category_id;
      IF NOT FOUND THEN
        RAISE foreign_key_violation USING
          MESSAGE = 'product ' || NEW.id || ': its shop, category or sub category does not exist';
      END IF;
      RETURN NEW;
    END $$`)
    .execute(db);
  await sql`UPDATE products SET wire = NULL`.execute(db);
}
