import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../db/connect.js";
import { migrateToLatest } from "../db/migrate.js";
import { aProduct } from "../testing/fixtures.js";
import { databaseKinds, openTestDatabase } from "../testing/test-server.js";
import { blocksNewestFirst } from "./listing-statements.js";
import { ProductRepository } from "./product-repository.js";

// The hot read statements are prepared, and stay cheap only while the database keeps one (generic)
// plan for them: a statement it plans again for every request costs more than it runs (issue 13).

describe.each(databaseKinds())("prepared read statements keep one plan (%s)", (kind) => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    // One connection, so every statement runs where its plan is kept.
    database = await openTestDatabase(kind, 1);
    await migrateToLatest(database.db);
    for (let i = 0; i < 30; i++) await aProduct(database.db, { name: `Matooke bunch ${i}` });
  });
  afterAll(async () => {
    await database?.close();
  });

  it("pages, products and searches run on their generic plan after the first few", async () => {
    const products = new ProductRepository(database.db);
    const slugs = (await sql<{ slug: string }>`SELECT slug FROM products`.execute(database.db)).rows;
    for (let i = 0; i < 12; i++) {
      expect((await products.page({}, 1 + (i % 3), 8)).ok).toBe(true);
      // Pages asked together are read in one statement, whatever their number.
      const together = Array.from({ length: 1 + (i % 4) }, (_, j) => products.pageJson({}, 1 + j, 8));
      for (const page of await Promise.all(together)) expect(page.ok).toBe(true);
      expect(await products.bySlug(slugs[i]!.slug)).toBeDefined();
      await products.search(["matooke", "bunch", "matoke", "rice 2"][i % 4]!);
    }
    const { rows } = await sql<{ statement: string; generic_plans: number; custom_plans: number }>`
      SELECT statement, generic_plans, custom_plans FROM pg_prepared_statements`.execute(database.db);
    const plans = (fragment: string) => rows.filter((r) => r.statement.includes(fragment));
    // Listing pages: page() reads pageJson()'s statement.
    expect(plans("JOIN listing_counts lc")).toHaveLength(1);
    for (const fragment of ["JOIN listing_counts lc", "WHERE p.slug =", "WITH words AS"]) {
      expect(plans(fragment).length, fragment).toBeGreaterThan(0);
      for (const plan of plans(fragment)) {
        expect(Number(plan.generic_plans), fragment).toBeGreaterThan(0);
        expect(Number(plan.custom_plans), fragment).toBeLessThanOrEqual(5);
      }
    }
  });

  it("a page sums its listing's blocks from the primary key alone, not the table (0009)", async () => {
    // The blocks' rows lie all over the table at scale; with few rows the planner would read the
    // table anyway, so only index paths are left to it here: the one it takes must not need the table.
    const plan = await database.db.transaction().execute(async (trx) => {
      await sql`SET LOCAL enable_seqscan = off`.execute(trx);
      await sql`SET LOCAL enable_bitmapscan = off`.execute(trx);
      const { rows } = await sql`
        EXPLAIN (FORMAT JSON)
        ${blocksNewestFirst("listing_buckets", sql`scope = 'all' AND scope_id = 0`)}`.execute(trx);
      return JSON.stringify(rows);
    });
    expect(plan).toMatch(/"Node Type": ?"Index Only Scan"/);
    expect(plan).not.toMatch(/"Node Type": ?"Sort"/);
  });

  it("pages deep in a listing hold the same products as counting from the newest", async () => {
    const db = database.db;
    const model = await db
      .selectFrom("products")
      .select(["shop_id", "category_id", "sub_category_id"])
      .executeTakeFirstOrThrow();
    // Ids across blocks of 1,024 (listing_buckets) and of 128 (listing_fine_buckets), at their edges,
    // some out of stock, and a block with nothing in stock between blocks that have (6000: its
    // running sum equals the next block's, which a page's binary search must step past).
    const ids = [
      127, 128, 129, 255, 256, 1023, 1024, 1025, 1151, 1152, 2047, 2048, 2049, 3000, 4095, 4096, 6000, 9999,
      10_240, 20_000,
    ];
    await db
      .insertInto("products")
      .values(
        ids.map((id, i) => ({
          id,
          ...model,
          name: `Block product ${id}`,
          slug: `block-product-${id}`,
          price: 1000,
          in_stock: i % 4 === 3 ? 0 : 2,
        })),
      )
      .execute();
    await db.updateTable("products").set({ in_stock: 5 }).where("id", "=", 4095).execute();
    await db.updateTable("products").set({ in_stock: 0 }).where("id", "in", [1024, 6000]).execute();
    const products = new ProductRepository(db);
    const walkEveryPage = async (state: string) => {
      const expected = (
        await sql<{ id: number }>`
          SELECT id FROM products WHERE in_stock > 0 AND NOT hidden ORDER BY id DESC`.execute(db)
      ).rows.map((r) => r.id);
      for (const size of [1, 3, 8]) {
        const seen: number[] = [];
        for (let page = 1; ; page++) {
          const result = await products.page({}, page, size);
          if (!result.ok) break;
          expect(result.count).toBe(expected.length);
          seen.push(...result.results.map((p) => p.product_id));
        }
        expect(seen, `${state}, page size ${size}`).toEqual(expected);
        // The same pages as JSON (read on another path: one row per page), asked all at once.
        const pages = Math.ceil(expected.length / size);
        const asJson = await Promise.all(
          Array.from({ length: pages + 1 }, (_, i) => products.pageJson({}, i + 1, size)),
        );
        expect(asJson.at(-1)).toEqual({ ok: false });
        const seenJson = asJson.flatMap((page) =>
          page.ok ? (JSON.parse(page.results) as { product_id: number }[]).map((p) => p.product_id) : [],
        );
        expect(seenJson, `${state}, page size ${size}, JSON`).toEqual(expected);
      }
    };
    await walkEveryPage("all shown");
    // A page finds where it starts in its block of 128 off the index alone unless the block holds a
    // product moderators hid in stock (the index cannot tell it): hidden ones newer than a page's
    // start in its block (127, 20: block 0 holds the 30 products above too), alone in theirs (129,
    // 4096) or out of stock (1025) must still leave every shown product on exactly one page.
    await db
      .updateTable("products")
      .set({ hidden: true })
      .where("id", "in", [20, 127, 129, 1025, 4096])
      .execute();
    await walkEveryPage("some hidden");
  });
});
