import { type Kysely, sql, type Transaction } from "kysely";
import type { Database } from "../db/schema.js";
import type { MediaStore } from "../media/media-store.js";
import { DEMO_CATEGORIES } from "./demo-catalogue.js";
import { createPrng } from "./prng.js";
import { seedDemo } from "./seed-demo.js";
import { generateImages, productCover } from "./seed-images.js";
import { slugify } from "./slugify.js";

// A large catalogue for benchmarks: N more products on top of the demo's categories and shops, with
// names combined from word lists (so search sees realistic variety) and pictures reused from a small
// pool of already generated images. Many products share each picture file: never delete a pool
// picture because one of these products goes.

export interface SeedCatalogueOptions {
  /** How many products to add. */
  products: number;
  log?: (msg: string) => void;
  /** Rows per INSERT statement. */
  batchSize?: number;
  /** PRNG seed; the same seed on the same database gives the same catalogue. */
  seed?: number;
}

export interface SeedCatalogueResult {
  added: number;
  ratings: number;
  ms: number;
}

const QUALIFIERS = [
  "Original",
  "Genuine",
  "Quality",
  "Imported",
  "Local",
  "Durable",
  "Premium",
  "Budget",
  "Classic",
  "New",
  "Heavy duty",
  "Wholesale",
  "Affordable",
  "Modern",
  "Handmade",
  "Ugandan",
  "Ex-UK",
  "Brand new",
  "Best selling",
  "Compact",
  "Deluxe",
  "Standard",
];

const SUFFIXES = [
  "",
  "",
  "",
  "(black)",
  "(white)",
  "(blue)",
  "(red)",
  "(green)",
  "(grey)",
  "(2 pack)",
  "(family size)",
  "(small)",
  "(medium)",
  "(large)",
  "- Kampala stock",
  "- wholesale price",
  "(2024 model)",
  "(assorted colours)",
  "- free delivery",
];

const TOWNS = [
  "Kampala",
  "Entebbe",
  "Jinja",
  "Mbarara",
  "Gulu",
  "Mbale",
  "Fort Portal",
  "Masaka",
  "Arua",
  "Lira",
  "Wakiso",
  "Mukono",
];

const CLOSINGS = [
  (town: string) =>
    `Delivery within ${town} the same day by boda boda, upcountry by bus or courier. Pay cash on delivery or with mobile money.`,
  (town: string) =>
    `Chat with the shop to order and agree on delivery to any place in ${town} and the surrounding areas.`,
  (town: string) =>
    `In stock at our ${town} shop and checked before dispatch. MTN Mobile Money and Airtel Money accepted.`,
];

const RATING_SCALE = [10, 10, 9, 9, 8, 8, 7, 6, 5, 4, 2];

/** The migration's row trigger that adds each rating to its product's totals. */
const RATINGS_TOTALS_TRIGGER = "ratings_keep_totals";

interface SubCategoryWords {
  id: number;
  categoryId: number;
  name: string;
  bases: { name: string; price: number }[];
  blurb: string;
}

export async function seedCatalogue(
  db: Kysely<Database>,
  media: MediaStore,
  options: SeedCatalogueOptions,
): Promise<SeedCatalogueResult> {
  const log = options.log ?? (() => {});
  const batchSize = Math.max(1, Math.min(options.batchSize ?? 1000, 5000));
  const started = performance.now();
  if (!(await db.selectFrom("categories").select("id").limit(1).executeTakeFirst())) {
    await seedDemo(db, media, log);
  }

  const words = await loadWords(db);
  const shopsByCategory = await loadShops(db);
  const anyShop = [...new Set([...shopsByCategory.values()].flat())];
  const users = (await db.selectFrom("users").select("id").orderBy("id").execute()).map((u) => u.id);
  if (words.length === 0 || anyShop.length === 0)
    throw new Error("The catalogue needs sub categories and shops first.");
  const pools = await imagePools(
    db,
    media,
    words.flatMap((w) => w.bases.map((b) => b.name)),
  );

  const random = createPrng(options.seed ?? 7_919);
  let added = 0;
  let ratings = 0;
  const timings = { products: 0, images: 0, ratings: 0 };
  await db.transaction().execute(async (trx) => {
    // Slugs below are numbered after the current highest id: keep other writers out meanwhile.
    await sql`LOCK TABLE products IN SHARE ROW EXCLUSIVE MODE`.execute(trx);
    const { max } = await trx
      .selectFrom("products")
      .select((eb) => eb.fn.coalesce(eb.fn.max("id"), eb.lit(0)).as("max"))
      .executeTakeFirstOrThrow();
    let serial = Number(max);
    const restore = await prepareBulkLoad(trx);

    while (added < options.products) {
      const count = Math.min(batchSize, options.products - added);
      const baseNames: string[] = [];
      const productRatings: { user_id: number; rating: number }[][] = [];
      const rows = Array.from({ length: count }, () => {
        const sub = random.pick(words);
        const base = random.pick(sub.bases);
        baseNames.push(base.name);
        const suffix = random.pick(SUFFIXES);
        const name = `${random.pick(QUALIFIERS)} ${base.name}${suffix ? ` ${suffix}` : ""}`.slice(0, 200);
        const town = random.pick(TOWNS);
        // About one product in seven gets one or two ratings.
        const rated = random.chance(0.15)
          ? random.sample(users, random.int(1, 2)).map((userId) => ({
              user_id: userId,
              rating: random.pick(RATING_SCALE),
            }))
          : [];
        productRatings.push(rated);
        serial++;
        return {
          shop_id: random.pick(shopsByCategory.get(sub.categoryId) ?? anyShop),
          category_id: sub.categoryId,
          sub_category_id: sub.id,
          name,
          slug: `${slugify(name, 60)}-${serial.toString(36)}`,
          description: `${name}. ${sub.blurb} ${random.pick(CLOSINGS)(town)}`,
          price: Math.max(500, Math.round((base.price * (0.8 + random.next() * 0.5)) / 500) * 500),
          in_stock: random.chance(0.08) ? 0 : random.int(1, 100),
          rating_total: rated.reduce((sum, r) => sum + r.rating, 0),
          rating_count: rated.length,
        };
      });
      let mark = performance.now();
      // Columns as arrays through unnest: a few parameters per batch instead of thousands.
      const inserted = await sql<{ id: number }>`
        INSERT INTO products (shop_id, category_id, sub_category_id, name, slug, description, price, in_stock,
          rating_total, rating_count)
        SELECT * FROM unnest(
          ${rows.map((r) => r.shop_id)}::int[], ${rows.map((r) => r.category_id)}::int[],
          ${rows.map((r) => r.sub_category_id)}::int[], ${rows.map((r) => r.name)}::text[],
          ${rows.map((r) => r.slug)}::text[], ${rows.map((r) => r.description)}::text[],
          ${rows.map((r) => r.price)}::bigint[], ${rows.map((r) => r.in_stock)}::int[],
          ${rows.map((r) => r.rating_total)}::int[], ${rows.map((r) => r.rating_count)}::int[])
        RETURNING id`.execute(trx);
      const ids = inserted.rows.map((r) => r.id);
      timings.products += performance.now() - mark;
      mark = performance.now();

      const images = ids.flatMap((productId, i) => {
        const own = pools.byName.get(baseNames[i]!) ?? [random.pick(pools.fallback)];
        // 1–4 pictures, as many as the original has at most.
        return own
          .slice(0, random.int(1, own.length))
          .map((image, position) => ({ product_id: productId, position: position + 1, ...image }));
      });
      await sql`
        INSERT INTO product_images (product_id, position, path, width, height)
        SELECT * FROM unnest(
          ${images.map((i) => i.product_id)}::int[], ${images.map((i) => i.position)}::smallint[],
          ${images.map((i) => i.path)}::text[], ${images.map((i) => i.width)}::int[],
          ${images.map((i) => i.height)}::int[])`.execute(trx);
      timings.images += performance.now() - mark;
      mark = performance.now();

      const rated = ids.flatMap((productId, i) =>
        productRatings[i]!.map((r) => ({ ...r, product_id: productId })),
      );
      if (rated.length > 0) {
        await sql`
          INSERT INTO ratings (user_id, product_id, rating)
          SELECT * FROM unnest(
            ${rated.map((r) => r.user_id)}::int[], ${rated.map((r) => r.product_id)}::int[],
            ${rated.map((r) => r.rating)}::smallint[])`.execute(trx);
      }
      ratings += rated.length;
      timings.ratings += performance.now() - mark;
      added += count;
      if (added % (batchSize * 10) === 0 || added === options.products) {
        log(
          `Catalogue: ${added} / ${options.products} products (${Math.round(performance.now() - started)} ms).`,
        );
      }
    }
    await restore();
  });

  const ms = Math.round(performance.now() - started);
  log(
    `Catalogue: added ${added} products and ${ratings} ratings in ${ms} ms (inserts: products ` +
      `${Math.round(timings.products)} ms, pictures ${Math.round(timings.images)} ms, ratings ${Math.round(timings.ratings)} ms).`,
  );
  return { added, ratings, ms };
}

/** Each sub category's base product names and prices: the demo's list for a demo sub category. */
async function loadWords(db: Kysely<Database>): Promise<SubCategoryWords[]> {
  const demo = new Map(
    DEMO_CATEGORIES.flatMap((c) =>
      c.subCategories.map((s) => [
        slugify(s.name),
        { bases: s.products.map(([name, price]) => ({ name, price })), blurb: s.blurb },
      ]),
    ),
  );
  const rows = await db.selectFrom("sub_categories").select(["id", "category_id", "name", "slug"]).execute();
  return rows.map((row) => {
    const known = demo.get(row.slug);
    return {
      id: row.id,
      categoryId: row.category_id,
      name: row.name,
      bases: known?.bases ?? [{ name: row.name, price: 50_000 }],
      blurb: known?.blurb ?? `Listed under ${row.name}, with delivery arranged through the chat.`,
    };
  });
}

async function loadShops(db: Kysely<Database>): Promise<Map<number, number[]>> {
  const rows = await db.selectFrom("shop_categories").select(["shop_id", "category_id"]).execute();
  const byCategory = new Map<number, number[]>();
  for (const row of rows) {
    const list = byCategory.get(row.category_id) ?? [];
    list.push(row.shop_id);
    byCategory.set(row.category_id, list);
  }
  return byCategory;
}

/**
 * Makes a large insert affordable, for this transaction only (DDL is transactional: other sessions
 * never see the change, a failure rolls it back):
 * - GIN indexes on products that write every entry at once (fastupdate = off, for steady search
 *   times) take new entries into their pending list during the load, merged in bulk at the end;
 * - the ratings trigger that adds each rating to its product is off: the products are inserted
 *   with their rating totals already summed, so the totals still match the ratings table.
 * Returns what puts everything back.
 */
async function prepareBulkLoad(trx: Transaction<Database>): Promise<() => Promise<void>> {
  const { rows } = await sql<{ name: string }>`
    SELECT c.relname AS name
    FROM pg_index i
    JOIN pg_class c ON c.oid = i.indexrelid
    JOIN pg_am am ON am.oid = c.relam
    WHERE i.indrelid = 'products'::regclass AND am.amname = 'gin' AND 'fastupdate=off' = ANY (c.reloptions)`.execute(
    trx,
  );
  for (const { name } of rows) await sql`ALTER INDEX ${sql.id(name)} SET (fastupdate = on)`.execute(trx);
  await sql`ALTER TABLE ratings DISABLE TRIGGER ${sql.id(RATINGS_TOTALS_TRIGGER)}`.execute(trx);
  return async () => {
    await sql`ALTER TABLE ratings ENABLE TRIGGER ${sql.id(RATINGS_TOTALS_TRIGGER)}`.execute(trx);
    for (const { name } of rows) {
      await sql`SELECT gin_clean_pending_list(${name}::regclass)`.execute(trx);
      await sql`ALTER INDEX ${sql.id(name)} SET (fastupdate = off)`.execute(trx);
    }
  };
}

type PoolImage = { path: string; width: number; height: number };

/**
 * Pictures to reuse: each demo product's own pictures for the products named after it, so a
 * "Genuine Tecno Spark 20 Pro 256GB (black)" shows the Tecno Spark; a few drawn pictures otherwise.
 */
async function imagePools(
  db: Kysely<Database>,
  media: MediaStore,
  baseNames: readonly string[],
): Promise<{ byName: Map<string, PoolImage[]>; fallback: PoolImage[] }> {
  const byName = new Map<string, PoolImage[]>();
  const originals = await db
    .selectFrom("products")
    .select(["id", "name"])
    .where("name", "in", baseNames.length > 0 ? [...baseNames] : [""])
    .orderBy("id")
    .execute();
  // The oldest product of each name is the demo's original.
  const nameOf = new Map<number, string>();
  const seen = new Set<string>();
  for (const row of originals) {
    if (seen.has(row.name)) continue;
    seen.add(row.name);
    nameOf.set(row.id, row.name);
  }
  if (nameOf.size > 0) {
    const images = await db
      .selectFrom("product_images")
      .select(["product_id", "path", "width", "height"])
      .where("product_id", "in", [...nameOf.keys()])
      .orderBy("product_id")
      .orderBy("position")
      .execute();
    for (const image of images) {
      const name = nameOf.get(image.product_id)!;
      const list = byName.get(name) ?? [];
      list.push({ path: image.path, width: image.width, height: image.height });
      byName.set(name, list);
    }
  }
  if (baseNames.every((name) => byName.has(name))) return { byName, fallback: [] };
  const { images: fallback } = await generateImages(
    media,
    DEMO_CATEGORIES.map((c, i) => productCover(c.name, "Katale", c.colour, c.shape, i)),
  );
  return { byName, fallback };
}
