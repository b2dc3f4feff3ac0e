import { capPerShop, isPastEnd, spreadShops, TRENDING_COUNT, TRENDING_DAYS } from "@katale/domain";
import { type Kysely, sql } from "kysely";
import type { Database } from "../db/schema.js";
import type { ProductPageJson, ProductRepository } from "./product-repository.js";

// The home page's Trending and For you (issue 27): a shop's bulk upload of hundreds of unrated
// products is the newest of all, and used to fill both. Trending is ranked by what people did
// lately; both show at most two products of one shop (domain's shop-spread.ts). The answers go
// through the read cache like every public list (docs/performance.md, "Home feeds").

/** What one rating, save and view of the last TRENDING_DAYS count towards a product's place in Trending. */
const WEIGHT = { rating: 3, save: 2, view: 1 };
/** Engaged products read for Trending at most (the first of them, two a shop, make the list). */
const ENGAGED_MAX = 200;
/** Trending's filling, when too few were engaged with: read in batches, at most so many batches. */
const FILL_BATCH = 200;
const FILL_BATCHES_MAX = 5;
/**
 * For you spreads shops over the newest this many listed products (its first pages); the pages after
 * them are product/paginated/'s own, newest first.
 */
export const FOR_YOU_WINDOW = 1000;

type Row = { id: number; shop_id: number };
const ofShop = (row: Row) => ({ id: row.id, shopId: row.shop_id });

export class HomeFeeds {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly products: ProductRepository,
  ) {}

  /** Trending as one JSON array of the products' kept texts. */
  async trendingJson(): Promise<string> {
    const since = sql`now() - make_interval(days => ${TRENDING_DAYS})`;
    const { rows: engaged } = await sql<Row>`
      WITH recent AS (
        SELECT product_id, ${WEIGHT.rating}::int AS weight FROM ratings WHERE created_at > ${since}
        UNION ALL SELECT product_id, ${WEIGHT.save}::int FROM saved_products WHERE created_at > ${since}
        UNION ALL SELECT product_id, ${WEIGHT.view}::int FROM browse_history WHERE viewed_at > ${since}
      ), scored AS (SELECT product_id, sum(weight) AS score FROM recent GROUP BY product_id)
      SELECT p.id, p.shop_id FROM scored s JOIN products p ON p.id = s.product_id
      WHERE p.in_stock > 0 AND NOT p.hidden
      ORDER BY s.score DESC, p.rating_count DESC, p.id DESC LIMIT ${ENGAGED_MAX}`.execute(this.db);
    let chosen = capPerShop(engaged.map(ofShop), TRENDING_COUNT);
    // Too few engaged: the most rated of all time, then the newest, still two a shop.
    let after: { rating_count: number; id: number } | undefined;
    for (let batch = 0; chosen.length < TRENDING_COUNT && batch < FILL_BATCHES_MAX; batch++) {
      const { rows } = await sql<Row & { rating_count: number }>`
        SELECT p.id, p.shop_id, p.rating_count FROM products p
        WHERE p.in_stock > 0 AND NOT p.hidden
          ${after ? sql`AND (p.rating_count, p.id) < (${after.rating_count}, ${after.id})` : sql``}
        ORDER BY p.rating_count DESC, p.id DESC LIMIT ${FILL_BATCH}`.execute(this.db);
      const known = new Set(chosen.map((item) => item.id));
      chosen = capPerShop(
        [...chosen, ...rows.filter((row) => !known.has(row.id)).map(ofShop)],
        TRENDING_COUNT,
      );
      const last = rows.at(-1);
      if (last === undefined || rows.length < FILL_BATCH) break;
      after = { rating_count: last.rating_count, id: last.id };
    }
    return this.arrayOf(chosen.map((item) => item.id));
  }

  /** A page of For you; `ok: false` past the end, as product/paginated/. */
  async forYouJson(page: number, pageSize: number): Promise<ProductPageJson> {
    const window = Math.floor(FOR_YOU_WINDOW / pageSize) * pageSize;
    const skip = (page - 1) * pageSize;
    if (skip >= window) return this.products.pageJson({}, page, pageSize);
    const [newest, counted] = await Promise.all([
      sql<Row>`
        SELECT p.id, p.shop_id FROM products p WHERE p.in_stock > 0 AND NOT p.hidden ORDER BY p.id DESC LIMIT ${window}`.execute(
        this.db,
      ),
      this.db
        .selectFrom("listing_counts")
        .select("in_stock")
        .where("scope", "=", "all")
        .where("scope_id", "=", 0)
        .executeTakeFirst(),
    ]);
    const count = Number(counted?.in_stock ?? 0);
    if (isPastEnd(page, count, pageSize)) return { ok: false };
    const ids = spreadShops(newest.rows.map(ofShop), pageSize)
      .slice(skip, skip + pageSize)
      .map((item) => item.id);
    return { ok: true, count, results: await this.arrayOf(ids) };
  }

  /** The products of `ids`, in that order, as one JSON array of their kept texts. */
  private async arrayOf(ids: readonly number[]): Promise<string> {
    if (ids.length === 0) return "[]";
    const { rows } = await sql<{ results: string | null }>`
      SELECT '[' || string_agg(p.wire, ',' ORDER BY x.ord) || ']' AS results
      FROM unnest(${ids}::int[]) WITH ORDINALITY AS x(id, ord) JOIN products p ON p.id = x.id`.execute(
      this.db,
    );
    return rows[0]?.results ?? "[]";
  }
}
