import { type Kysely, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LISTING_BUCKET_BITS, LISTING_FINE_BUCKET_BITS } from "../products/listing-blocks.js";
import { aCategory, aProduct, aRating, aShop, aSubCategory, aUser } from "../testing/fixtures.js";
import { databaseKinds, startTestServer, type TestServer } from "../testing/test-server.js";
import { PRODUCT_WIRE } from "./migrations/0011-product-wire.js";
import type { Database } from "./schema.js";

// The counts and totals that triggers keep must always equal what counting from scratch gives.

async function listingCountsDrift(db: Kysely<Database>) {
  const { rows } = await sql<{ scope: string; scope_id: number; kept: number; actual: number }>`
    WITH actual AS (
      SELECT 'all' AS scope, 0 AS scope_id, count(*) AS n FROM products WHERE in_stock > 0
      UNION ALL SELECT 'category', category_id, count(*) FROM products WHERE in_stock > 0 GROUP BY category_id
      UNION ALL SELECT 'sub_category', sub_category_id, count(*) FROM products WHERE in_stock > 0 GROUP BY sub_category_id
    )
    SELECT coalesce(a.scope, k.scope) AS scope, coalesce(a.scope_id, k.scope_id) AS scope_id,
           coalesce(k.in_stock, 0) AS kept, coalesce(a.n, 0) AS actual
    FROM actual a FULL JOIN listing_counts k ON k.scope = a.scope AND k.scope_id = a.scope_id
    WHERE coalesce(k.in_stock, 0) <> coalesce(a.n, 0)`.execute(db);
  return rows;
}

/**
 * Listing counts per block of ids that differ from counting from scratch: blocks of 1,024
 * (listing_buckets, migration 0006) and of 128 (listing_fine_buckets, migration 0012).
 */
async function listingBucketsDrift(db: Kysely<Database>) {
  const drift = [];
  for (const [table, bits] of [
    ["listing_buckets", LISTING_BUCKET_BITS],
    ["listing_fine_buckets", LISTING_FINE_BUCKET_BITS],
  ] as const) {
    const { rows } = await sql<{ scope: string; scope_id: number; bucket: number }>`
      WITH actual AS (
        SELECT 'all' AS scope, 0 AS scope_id, id >> ${bits} AS bucket, count(*) AS n FROM products WHERE in_stock > 0 GROUP BY 3
        UNION ALL SELECT 'category', category_id, id >> ${bits}, count(*) FROM products WHERE in_stock > 0 GROUP BY 2, 3
        UNION ALL SELECT 'sub_category', sub_category_id, id >> ${bits}, count(*) FROM products WHERE in_stock > 0 GROUP BY 2, 3
      )
      SELECT ${table} AS table, coalesce(a.scope, k.scope) AS scope, coalesce(a.scope_id, k.scope_id) AS scope_id,
             coalesce(a.bucket, k.bucket) AS bucket
      FROM actual a FULL JOIN ${sql.table(table)} k
        ON k.scope = a.scope AND k.scope_id = a.scope_id AND k.bucket = a.bucket
      WHERE coalesce(k.in_stock, 0) <> coalesce(a.n, 0)`.execute(db);
    drift.push(...rows);
  }
  return drift;
}

/** Products whose kept JSON text (migration 0011) differs from writing it from scratch. */
async function wireDrift(db: Kysely<Database>) {
  const { rows } = await sql<{ id: number }>`
    SELECT p.id FROM products p
    JOIN shops s ON s.id = p.shop_id JOIN categories c ON c.id = p.category_id
    JOIN sub_categories sc ON sc.id = p.sub_category_id
    WHERE p.wire IS DISTINCT FROM ${sql.raw(PRODUCT_WIRE("p"))}`.execute(db);
  return rows;
}

async function shopTotalsDrift(db: Kysely<Database>) {
  const { rows } = await sql<{ id: number }>`
    SELECT s.id FROM shops s
    LEFT JOIN (SELECT p.shop_id, sum(r.rating) AS total, count(*) AS n
               FROM ratings r JOIN products p ON p.id = r.product_id GROUP BY p.shop_id) t ON t.shop_id = s.id
    WHERE s.rating_total <> coalesce(t.total, 0) OR s.rating_count <> coalesce(t.n, 0)`.execute(db);
  return rows;
}

async function imagesDrift(db: Kysely<Database>) {
  const { rows } = await sql<{ id: number }>`
    SELECT p.id FROM products p
    WHERE p.images IS DISTINCT FROM coalesce(
      (SELECT array_agg(pi.path ORDER BY pi.position) FROM product_images pi WHERE pi.product_id = p.id), '{}')`.execute(
    db,
  );
  return rows;
}

describe.each(databaseKinds())("totals kept by triggers (%s)", (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ database: kind });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("listing counts follow inserts, stock changes, moves and deletes", async () => {
    const { db } = server;
    const phones = await aCategory(db, { name: "Phones" });
    const food = await aCategory(db, { name: "Food" });
    const smart = await aSubCategory(db, { category_id: phones.id, name: "Smartphones" });
    const matooke = await aSubCategory(db, { category_id: food.id, name: "Matooke" });
    const shop = await aShop(db);
    const made = [];
    for (let i = 0; i < 6; i++) {
      made.push(
        await aProduct(db, {
          shop_id: shop.id,
          category_id: i < 4 ? phones.id : food.id,
          sub_category_id: i < 4 ? smart.id : matooke.id,
          in_stock: i === 5 ? 0 : 3,
        }),
      );
    }
    expect(await listingCountsDrift(db)).toEqual([]);
    expect(await listingBucketsDrift(db)).toEqual([]);
    expect(await wireDrift(db)).toEqual([]);

    await db.updateTable("products").set({ in_stock: 0 }).where("id", "=", made[0]!.id).execute();
    await db.updateTable("products").set({ in_stock: 7 }).where("id", "=", made[5]!.id).execute();
    await db
      .updateTable("products")
      .set({ category_id: food.id, sub_category_id: matooke.id })
      .where("id", "=", made[1]!.id)
      .execute();
    await db.updateTable("products").set({ price: 1000 }).execute();
    expect(await listingCountsDrift(db)).toEqual([]);
    expect(await listingBucketsDrift(db)).toEqual([]);
    expect(await wireDrift(db)).toEqual([]);

    // A product naming a sub category that is gone is refused as the foreign key refuses it (the
    // trigger that writes its text finds no sub category first).
    await expect(
      db.updateTable("products").set({ sub_category_id: 999_999 }).where("id", "=", made[3]!.id).execute(),
    ).rejects.toMatchObject({ code: "23503" });
    await db.deleteFrom("products").where("id", "in", [made[2]!.id, made[4]!.id]).execute();
    expect(await listingCountsDrift(db)).toEqual([]);
    expect(await listingBucketsDrift(db)).toEqual([]);
    expect(await wireDrift(db)).toEqual([]);
    const all = await db
      .selectFrom("listing_counts")
      .select("in_stock")
      .where("scope", "=", "all")
      .executeTakeFirst();
    expect(Number(all?.in_stock)).toBe(3);
  });

  it("shop rating totals follow ratings and product deletion", async () => {
    const { db } = server;
    const shop = await aShop(db);
    const a = await aProduct(db, { shop_id: shop.id });
    const b = await aProduct(db, { shop_id: shop.id });
    const u1 = await aUser(db);
    const u2 = await aUser(db);
    await aRating(db, { user_id: u1.id, product_id: a.id, rating: 10 });
    await aRating(db, { user_id: u2.id, product_id: a.id, rating: 6 });
    await aRating(db, { user_id: u1.id, product_id: b.id, rating: 2 });
    await db.updateTable("ratings").set({ rating: 4 }).where("product_id", "=", b.id).execute();
    expect(await shopTotalsDrift(db)).toEqual([]);
    await db
      .updateTable("shops")
      .set({ name: "Renamed", verification_status: "VERIFIED" })
      .where("id", "=", shop.id)
      .execute();
    expect(await wireDrift(db)).toEqual([]);
    const before = await db
      .selectFrom("shops")
      .select(["rating_total", "rating_count"])
      .where("id", "=", shop.id)
      .executeTakeFirstOrThrow();
    expect(before).toEqual({ rating_total: 20, rating_count: 3 });

    await db.deleteFrom("products").where("id", "=", a.id).execute();
    expect(await shopTotalsDrift(db)).toEqual([]);
    const after = await db
      .selectFrom("shops")
      .select(["rating_total", "rating_count"])
      .where("id", "=", shop.id)
      .executeTakeFirstOrThrow();
    expect(after).toEqual({ rating_total: 4, rating_count: 1 });
  });

  it("a product's images on its row follow added, reordered, replaced and deleted pictures", async () => {
    const { db } = server;
    const a = await aProduct(db, { images: ["/media/products/a1.webp", "/media/products/a2.webp"] });
    const b = await aProduct(db, { images: [] });
    const images = async (id: number) =>
      (await db.selectFrom("products").select("images").where("id", "=", id).executeTakeFirstOrThrow())
        .images;
    expect(await images(a.id)).toEqual(["/media/products/a1.webp", "/media/products/a2.webp"]);
    expect(await images(b.id)).toEqual([]);

    // Swap the two positions in one statement, give b two pictures in one statement.
    await sql`UPDATE product_images SET position = 1 - position WHERE product_id = ${a.id}`.execute(db);
    await db
      .insertInto("product_images")
      .values([
        { product_id: b.id, position: 1, path: "/media/products/b2.webp", width: 10, height: 10 },
        { product_id: b.id, position: 0, path: "/media/products/b1.webp", width: 10, height: 10 },
      ])
      .execute();
    expect(await images(a.id)).toEqual(["/media/products/a2.webp", "/media/products/a1.webp"]);
    expect(await images(b.id)).toEqual(["/media/products/b1.webp", "/media/products/b2.webp"]);

    // Move a picture from a to b, then delete all of a's.
    await sql`UPDATE product_images SET product_id = ${b.id}, position = 2 WHERE product_id = ${a.id} AND position = 0`.execute(
      db,
    );
    expect(await images(b.id)).toEqual([
      "/media/products/b1.webp",
      "/media/products/b2.webp",
      "/media/products/a1.webp",
    ]);
    expect(await images(a.id)).toEqual(["/media/products/a2.webp"]);
    await db.deleteFrom("product_images").where("product_id", "=", a.id).execute();
    expect(await images(a.id)).toEqual([]);
    expect(await imagesDrift(db)).toEqual([]);
    expect(await wireDrift(db)).toEqual([]);
  });
});
