import { existsSync } from "node:fs";
import { join } from "node:path";
import { type Kysely, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/schema.js";
import { createMediaStore, type LocalMediaStore } from "../media/media-store.js";
import {
  databaseKinds,
  SHARED_TEST_MEDIA_DIR,
  startTestServer,
  type TestServer,
} from "../testing/test-server.js";
import { seedCatalogue } from "./seed-catalogue.js";

async function productCount(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom("products")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe.each(databaseKinds())("the bulk catalogue generator (%s)", (kind) => {
  let server: TestServer;
  let media: LocalMediaStore;
  let db: Kysely<Database>;
  let demoProducts: number;

  beforeAll(async () => {
    server = await startTestServer({ database: kind });
    db = server.db;
    media = createMediaStore(SHARED_TEST_MEDIA_DIR);
    // On an empty database it seeds the demo first, then adds exactly what was asked.
    await seedCatalogue(db, media, { products: 2_500, batchSize: 700 });
    demoProducts = (await productCount(db)) - 2_500;
  });

  afterAll(async () => {
    await server?.close();
  });

  it("adds exactly N products on top of the demo catalogue", async () => {
    expect(demoProducts).toBeGreaterThanOrEqual(300);
    const result = await seedCatalogue(db, media, { products: 1_234, seed: 2 });
    expect(result.added).toBe(1_234);
    expect(await productCount(db)).toBe(demoProducts + 2_500 + 1_234);
  });

  it("names products with variety that search can tell apart", async () => {
    const names = await db.selectFrom("products").select("name").orderBy("id", "desc").limit(1_000).execute();
    expect(new Set(names.map((n) => n.name)).size).toBeGreaterThan(500);
    const { rows } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM products WHERE search_vector @@ plainto_tsquery('english', 'tecno')`.execute(
      db,
    );
    expect(rows[0]!.n).toBeGreaterThan(10);
  });

  it("gives every product pictures whose files exist, consistent categories and real prices", async () => {
    const missing = await db
      .selectFrom("products")
      .leftJoin("product_images", "product_images.product_id", "products.id")
      .select("products.id")
      .where("product_images.id", "is", null)
      .execute();
    expect(missing).toEqual([]);
    const paths = await db.selectFrom("product_images").select("path").distinct().execute();
    for (const { path } of paths) {
      expect(existsSync(join(media.publicDir, path.replace(/^\/media\//, ""))), path).toBe(true);
    }
    const inconsistent = await db
      .selectFrom("products")
      .innerJoin("sub_categories", "sub_categories.id", "products.sub_category_id")
      .select("products.id")
      .where((eb) =>
        eb.or([
          eb("sub_categories.category_id", "!=", eb.ref("products.category_id")),
          eb("products.price", "<=", 0),
        ]),
      )
      .execute();
    expect(inconsistent).toEqual([]);
  });

  it("keeps rating totals equal to the ratings table", async () => {
    const { rows } = await sql<{ id: number }>`
      SELECT p.id FROM products p
      LEFT JOIN (SELECT product_id, sum(rating) AS sum, count(*) AS count FROM ratings GROUP BY product_id) r
        ON r.product_id = p.id
      WHERE p.rating_total <> coalesce(r.sum, 0) OR p.rating_count <> coalesce(r.count, 0)`.execute(db);
    expect(rows).toEqual([]);
  });

  it("leaves the database as it found it: totals follow new ratings, indexes write through again", async () => {
    const product = await db
      .selectFrom("products")
      .select(["id", "rating_total", "rating_count"])
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    const user = await db
      .selectFrom("users")
      .select("id")
      .where("id", "not in", db.selectFrom("ratings").select("user_id").where("product_id", "=", product.id))
      .orderBy("id")
      .executeTakeFirstOrThrow();
    await db.insertInto("ratings").values({ user_id: user.id, product_id: product.id, rating: 7 }).execute();
    const after = await db
      .selectFrom("products")
      .select(["rating_total", "rating_count"])
      .where("id", "=", product.id)
      .executeTakeFirstOrThrow();
    expect(after).toEqual({ rating_total: product.rating_total + 7, rating_count: product.rating_count + 1 });

    const { rows } = await sql<{ name: string; options: string[] | null }>`
      SELECT c.relname AS name, c.reloptions AS options FROM pg_index i
      JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_am am ON am.oid = c.relam
      WHERE i.indrelid = 'products'::regclass AND am.amname = 'gin'`.execute(db);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.options ?? [], row.name).not.toContain("fastupdate=on");
  });
});
