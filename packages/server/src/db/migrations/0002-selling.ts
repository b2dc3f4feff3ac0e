import { type Kysely, sql } from "kysely";

// Selling (issue 9): shop names are unique whatever their case, and a product may carry the owner's
// own key (`sku`), unique within its shop, by which scripted imports find it again.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE UNIQUE INDEX shops_name_key ON shops (lower(name))`.execute(db);
  await sql`
    ALTER TABLE products ADD COLUMN sku text CHECK (sku IS NULL OR length(sku) BETWEEN 1 AND 64)`.execute(db);
  await sql`CREATE UNIQUE INDEX products_shop_sku_key ON products (shop_id, sku) WHERE sku IS NOT NULL`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS products_shop_sku_key`.execute(db);
  await sql`ALTER TABLE products DROP COLUMN IF EXISTS sku`.execute(db);
  await sql`DROP INDEX IF EXISTS shops_name_key`.execute(db);
}
