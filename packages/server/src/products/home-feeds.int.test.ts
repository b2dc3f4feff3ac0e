import { TRENDING_COUNT } from "@katale/domain";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { aProduct, aRating, aShop, aSubCategory, aUser } from "../testing/fixtures.js";
import { databaseKinds, startTestServer, type TestServer } from "../testing/test-server.js";

// One shop's bulk upload must not take over Home (issue 27): 300 fresh unrated products of one shop,
// beside a few products of other shops that people rated, saved and viewed. Trending shows the
// engaged ones first and at most two of a shop; each screen of For you shows at most two of a shop
// while other shops have products left.

type Listed = { product_id: number; shop_id: number };
const BULK = 300;

describe.each(databaseKinds())("Home after one shop's bulk upload (%s)", (kind) => {
  let server: TestServer;
  let bulkShop = 0;
  const others: Listed[] = [];
  const engaged: Record<string, number> = {};

  async function get(path: string) {
    const response = await fetch(`${server.shopUrl}${path}`);
    expect(response.status, path).toBe(200);
    return response.json() as Promise<{ data?: Listed[]; results?: Listed[]; next: string | null }>;
  }

  beforeAll(async () => {
    server = await startTestServer({ database: kind, seed: "none" });
    const db = server.db;
    const sub = await aSubCategory(db);
    // Six other shops, two products each (shop 4 has a third), made before the upload.
    const shops = [];
    for (let i = 1; i <= 6; i++) shops.push((await aShop(db, { name: `Other ${i}` })).id);
    const make = async (key: string, shop: number) => {
      const product = await aProduct(db, { shop_id: shop, sub_category_id: sub.id, name: `Item ${key}` });
      engaged[key] = product.id;
      others.push({ product_id: product.id, shop_id: shop });
    };
    for (const [i, shop] of shops.entries()) {
      await make(`s${i + 1}a`, shop);
      await make(`s${i + 1}b`, shop);
    }
    await make("s4c", shops[3]!);
    const rate = async (key: string, times: number) => {
      for (let n = 0; n < times; n++) await aRating(db, { product_id: engaged[key]!, rating: 8 });
    };
    const save = async (key: string) =>
      db
        .insertInto("saved_products")
        .values({ user_id: (await aUser(db)).id, product_id: engaged[key]! })
        .execute();
    const view = async (key: string) =>
      db
        .insertInto("browse_history")
        .values({ user_id: (await aUser(db)).id, product_id: engaged[key]! })
        .execute();
    // Scores (rating 3, save 2, view 1): s4b 14, s4a 12, s4c 9, s1a 9, s3a 4 (one rating), s2a 4.
    await rate("s4a", 4);
    await rate("s4b", 4);
    await save("s4b");
    await rate("s4c", 3);
    await rate("s1a", 3);
    await rate("s3a", 1);
    await view("s3a");
    await save("s2a");
    await save("s2a");
    // Rated long ago: not trending now.
    await rate("s5a", 5);
    await sql`UPDATE ratings SET created_at = now() - interval '60 days' WHERE product_id = ${engaged.s5a!}`.execute(
      db,
    );

    // The import: 300 unrated products of one shop, the newest of all, in one statement.
    bulkShop = (await aShop(db, { name: "Bulk uploader" })).id;
    const subRow = await db
      .selectFrom("sub_categories")
      .select("category_id")
      .where("id", "=", sub.id)
      .executeTakeFirstOrThrow();
    await db
      .insertInto("products")
      .values(
        Array.from({ length: BULK }, (_, i) => ({
          shop_id: bulkShop,
          category_id: subRow.category_id,
          sub_category_id: sub.id,
          name: `Imported ${i}`,
          slug: `imported-${i}`,
          price: 1000 + i,
          in_stock: 4,
        })),
      )
      .execute();
  }, 120_000);

  afterAll(async () => {
    await server?.close();
  });

  const perShop = (list: readonly Listed[]) => {
    const counts = new Map<number, number>();
    for (const product of list) counts.set(product.shop_id, (counts.get(product.shop_id) ?? 0) + 1);
    return Math.max(0, ...counts.values());
  };

  it("Trending shows what people engaged with lately first, at most two of a shop", async () => {
    const trending = (await get("product/trending/")).data!;
    expect(trending).toHaveLength(TRENDING_COUNT);
    expect(trending.slice(0, 5).map((p) => p.product_id)).toEqual(
      ["s4b", "s4a", "s1a", "s3a", "s2a"].map((key) => engaged[key]),
    );
    // s4c is as engaged as s1a, but shop 4 already has two.
    expect(trending.map((p) => p.product_id)).not.toContain(engaged.s4c);
    expect(perShop(trending)).toBeLessThanOrEqual(2);
    expect(trending.filter((p) => p.shop_id === bulkShop).length).toBeLessThanOrEqual(2);
  });

  it("each screen of For you shows at most two of a shop while other shops have products left", async () => {
    const screens: Listed[][] = [];
    for (let page = 1; page <= 4; page++) screens.push((await get(`product/for-you/?page=${page}`)).results!);
    for (const screen of screens) expect(screen).toHaveLength(8);
    // While other shops have products left (13, six a screen beside two imported), a screen holds at
    // most two of a shop; the last of them shares its screen with the rest of the import.
    for (const screen of screens.slice(0, 2)) expect(perShop(screen)).toBeLessThanOrEqual(2);
    const firstThree = new Set(
      screens
        .slice(0, 3)
        .flat()
        .map((p) => p.product_id),
    );
    for (const product of others) expect(firstThree).toContain(product.product_id);
    expect(screens[3]!.every((p) => p.shop_id === bulkShop)).toBe(true);
    // The plain listing, for comparison, is the import alone.
    const plain = (await get("product/paginated/?page=1")).results!;
    expect(plain.every((p) => p.shop_id === bulkShop)).toBe(true);
  });
});
