import { existsSync } from "node:fs";
import { join } from "node:path";
import { SERVICES_CATEGORY_ID } from "@katale/domain";
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
import { DEMO_CATEGORIES } from "./demo-catalogue.js";
import { seedDemo } from "./seed-demo.js";

const TABLES = [
  "users",
  "categories",
  "sub_categories",
  "filters",
  "filter_values",
  "shops",
  "shop_categories",
  "products",
  "product_images",
  "ratings",
  "comments",
  "comment_images",
  "follows",
  "saved_products",
  "browse_history",
  "faqs",
  "feedback",
] as const;

async function countRows(db: Kysely<Database>): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of TABLES) {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    counts[table] = Number(row.n);
  }
  return counts;
}

function fileOf(media: LocalMediaStore, path: string): string {
  return join(media.publicDir, path.replace(/^\/media\//, ""));
}

function expectImageSet(media: LocalMediaStore, path: string | null) {
  expect(path).toMatch(/^\/media\/[a-z]+\/[a-z0-9]{16}\.webp$/);
  const main = fileOf(media, path!);
  expect(existsSync(main), path!).toBe(true);
  for (const width of [240, 480, 800]) {
    expect(existsSync(main.replace(/\.webp$/, `-${width}.webp`)), `${path} -${width}`).toBe(true);
  }
}

describe.each(databaseKinds())("the demo seed (%s)", (kind) => {
  let server: TestServer;
  let media: LocalMediaStore;
  let db: Kysely<Database>;
  let first: { created: boolean };

  beforeAll(async () => {
    server = await startTestServer({ database: kind });
    db = server.db;
    // Shared with the other test servers: drawn pictures are reused, so this stays fast.
    media = createMediaStore(SHARED_TEST_MEDIA_DIR);
    first = await seedDemo(db, media);
  });

  afterAll(async () => {
    await server?.close();
  });

  it("fills an empty catalogue", () => {
    expect(first).toEqual({ created: true });
  });

  it("makes category 5 'Services', with service sub categories", async () => {
    const services = await db
      .selectFrom("categories")
      .selectAll()
      .where("id", "=", SERVICES_CATEGORY_ID)
      .executeTakeFirst();
    expect(services?.name).toBe("Services");
    const subs = await db
      .selectFrom("sub_categories")
      .select("name")
      .where("category_id", "=", SERVICES_CATEGORY_ID)
      .execute();
    expect(subs.map((s) => s.name)).toEqual(
      expect.arrayContaining(["Plumbing", "Electrical Repairs", "Salon & Barber"]),
    );
  });

  it("gives products values of their own sub category's filters, at most one per filter", async () => {
    const { rows } = await sql<{
      carried: number | string;
      foreign: number | string;
      filtered: number | string;
    }>`
      SELECT
        (SELECT count(DISTINCT product_id) FROM product_filter_values) AS carried,
        (SELECT count(*) FROM product_filter_values pfv JOIN products p ON p.id = pfv.product_id
          JOIN filters f ON f.id = pfv.filter_id WHERE f.sub_category_id <> p.sub_category_id) AS foreign,
        (SELECT count(*) FROM products p WHERE EXISTS (
          SELECT 1 FROM filters f WHERE f.sub_category_id = p.sub_category_id)) AS filtered`.execute(db);
    const { carried, foreign, filtered } = rows[0]!;
    expect(Number(foreign)).toBe(0);
    expect(Number(carried)).toBeGreaterThan(Number(filtered) / 2);
  });

  it("meets the minimum counts of the demo", async () => {
    const counts = await countRows(db);
    expect(counts.categories).toBeGreaterThanOrEqual(12);
    expect(counts.sub_categories).toBeGreaterThanOrEqual(36);
    expect(counts.filters).toBeGreaterThan(0);
    expect(counts.filter_values).toBeGreaterThan(counts.filters!);
    expect(counts.shops).toBeGreaterThanOrEqual(10);
    expect(counts.products).toBeGreaterThanOrEqual(300);
    expect(counts.users).toBeGreaterThanOrEqual(20);
    expect(counts.ratings).toBeGreaterThan(0);
    expect(counts.comments).toBeGreaterThan(0);
    expect(counts.comment_images).toBeGreaterThan(0);
    expect(counts.follows).toBeGreaterThan(0);
    expect(counts.saved_products).toBeGreaterThan(0);
    expect(counts.browse_history).toBeGreaterThan(0);
    expect(counts.faqs).toBeGreaterThanOrEqual(8);
    expect(counts.faqs).toBeLessThanOrEqual(12);
    expect(counts.feedback).toBeGreaterThanOrEqual(10);
  });

  it("gives every product 1 to 4 pictures whose files and variants exist", async () => {
    const rows = await db
      .selectFrom("products")
      .leftJoin("product_images", "product_images.product_id", "products.id")
      .select(["products.id", "product_images.path", "product_images.position", "product_images.width"])
      .orderBy("products.id")
      .orderBy("product_images.position")
      .execute();
    const byProduct = new Map<number, typeof rows>();
    for (const row of rows) byProduct.set(row.id, [...(byProduct.get(row.id) ?? []), row]);
    for (const [id, images] of byProduct) {
      expect(images.length, `product ${id}`).toBeGreaterThanOrEqual(1);
      expect(images.length, `product ${id}`).toBeLessThanOrEqual(4);
      expect(images.map((i) => i.position)).toEqual(images.map((_, n) => n + 1));
      for (const image of images) {
        expectImageSet(media, image.path);
        expect(image.width).toBeGreaterThan(0);
      }
    }
  });

  it("gives categories, sub categories, shops and users their pictures", async () => {
    const paths = [
      ...(await db.selectFrom("categories").select("image_url as path").execute()),
      ...(await db.selectFrom("sub_categories").select("image_url as path").execute()),
      ...(await db.selectFrom("shops").select("display_image as path").execute()),
      ...(await db.selectFrom("shops").select("cover_image as path").execute()),
      ...(await db.selectFrom("users").select("profile_picture as path").execute()),
      ...(await db.selectFrom("comment_images").select("path").execute()),
    ];
    for (const { path } of paths) expectImageSet(media, path);
  });

  it("keeps each product in its shop's categories and its sub category's category", async () => {
    const mismatched = await db
      .selectFrom("products")
      .innerJoin("sub_categories", "sub_categories.id", "products.sub_category_id")
      .leftJoin("shop_categories", (join) =>
        join
          .onRef("shop_categories.shop_id", "=", "products.shop_id")
          .onRef("shop_categories.category_id", "=", "products.category_id"),
      )
      .select("products.name")
      .where((eb) =>
        eb.or([
          eb("sub_categories.category_id", "!=", eb.ref("products.category_id")),
          eb("shop_categories.shop_id", "is", null),
        ]),
      )
      .execute();
    expect(mismatched).toEqual([]);
  });

  it("has verified and unverified shops, and some products out of stock", async () => {
    const statuses = await db.selectFrom("shops").select("verification_status").execute();
    expect(statuses.some((s) => s.verification_status === "VERIFIED")).toBe(true);
    expect(statuses.some((s) => s.verification_status !== "VERIFIED")).toBe(true);
    const out = await db.selectFrom("products").select("id").where("in_stock", "=", 0).execute();
    expect(out.length).toBeGreaterThan(0);
  });

  it("keeps product rating totals equal to the ratings table", async () => {
    const { rows } = await sql<{
      id: number;
      rating_total: number;
      rating_count: number;
      sum: number;
      count: number;
    }>`
      SELECT p.id, p.rating_total, p.rating_count, coalesce(r.sum, 0)::int AS sum, coalesce(r.count, 0)::int AS count
      FROM products p
      LEFT JOIN (SELECT product_id, sum(rating) AS sum, count(*) AS count FROM ratings GROUP BY product_id) r
        ON r.product_id = p.id
      WHERE p.rating_total <> coalesce(r.sum, 0) OR p.rating_count <> coalesce(r.count, 0)`.execute(db);
    expect(rows).toEqual([]);
    const rated = await db.selectFrom("products").select("id").where("rating_count", ">", 0).execute();
    expect(rated.length).toBeGreaterThan(50);
  });

  it("marks demo users as verified emails who cannot log in with any password", async () => {
    const users = await db.selectFrom("users").select(["email_verified", "password_hash", "phone"]).execute();
    expect(users.every((u) => u.email_verified)).toBe(true);
    expect(users.every((u) => u.password_hash === "!")).toBe(true);
    expect(users.every((u) => u.phone.length <= 14)).toBe(true);
  });

  it("changes nothing when run a second time", async () => {
    const before = await countRows(db);
    expect(await seedDemo(db, media)).toEqual({ created: false });
    expect(await countRows(db)).toEqual(before);
  });

  it("lets new categories continue after the seeded ids", async () => {
    const created = await db
      .insertInto("categories")
      .values({ name: "Pets & Animals", slug: "pets-and-animals" })
      .returning("id")
      .executeTakeFirstOrThrow();
    const max = await db
      .selectFrom("categories")
      .select((eb) => eb.fn.max("id").as("max"))
      .executeTakeFirstOrThrow();
    expect(created.id).toBe(Number(max.max));
    expect(created.id).toBeGreaterThan(DEMO_CATEGORIES.length);
    await db.deleteFrom("categories").where("id", "=", created.id).execute();
  });
});
