import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../db/connect.js";
import { migrateToLatest } from "../db/migrate.js";
import { aProduct, aShop, aSubCategory } from "../testing/fixtures.js";
import { databaseKinds, openTestDatabase } from "../testing/test-server.js";
import { LISTING_BUCKET_BITS, LISTING_FINE_BUCKET_BITS } from "./listing-blocks.js";

// The migrations wrote the block sizes into the triggers that keep listing_buckets and
// listing_fine_buckets; the listing statements read those tables with the sizes of listing-blocks.ts.
// Products either side of every power of two up to 2 ** 14 land in different blocks for every size
// from 1 to 14 bits, so a size changed on one side only shows here.

const IDS = [...new Set(Array.from({ length: 14 }, (_, k) => [2 ** (k + 1) - 1, 2 ** (k + 1)]).flat())];

describe.each(databaseKinds())("listing blocks (%s)", (kind) => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
    await migrateToLatest(database.db);
  });
  afterAll(async () => {
    await database?.close();
  });

  it("are the blocks the migrated database counts a listing's products by", async () => {
    const { db } = database;
    const shop = await aShop(db);
    const sub = await aSubCategory(db);
    for (const id of IDS) {
      await sql`SELECT setval(pg_get_serial_sequence('products', 'id'), ${id}, false)`.execute(db);
      const made = await aProduct(db, { shop_id: shop.id, sub_category_id: sub.id, in_stock: 1, images: [] });
      expect(made.id).toBe(id);
    }
    for (const [table, bits] of [
      ["listing_buckets", LISTING_BUCKET_BITS],
      ["listing_fine_buckets", LISTING_FINE_BUCKET_BITS],
    ] as const) {
      const expected = new Map<number, number>();
      for (const id of IDS) expected.set(id >> bits, (expected.get(id >> bits) ?? 0) + 1);
      const { rows } = await sql<{ bucket: number; in_stock: string }>`
        SELECT bucket, in_stock FROM ${sql.table(table)} WHERE scope = 'all' ORDER BY bucket`.execute(db);
      expect({ table, blocks: rows.map((r) => [r.bucket, Number(r.in_stock)]) }).toEqual({
        table,
        blocks: [...expected].sort(([a], [b]) => a - b),
      });
    }
  });
});
