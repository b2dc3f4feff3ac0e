import type { ProductWire } from "@katale/adapters-http/contract";
import { isPastEnd, SEARCH_RESULTS_MAX } from "@katale/domain";
import { type Kysely, sql } from "kysely";
import type { Database } from "../db/schema.js";

// Products as the wire shows them (spec §3), each in one query: shop, category and sub category by
// join, images aggregated in position order (the first is the display image), the 0–10 rating
// totals kept on the row turned into a 0–5 average with one decimal.

/** Which in-stock listing a page belongs to. */
export type ListedFilter = { categoryId?: number; subCategoryId?: number };

export type ProductPage = { ok: true; count: number; results: ProductWire[] } | { ok: false };

/**
 * pg_trgm word similarity a name needs to match a query (its default, 0.6, misses 'samsng' for
 * 'Samsung' at 0.57); lower lets in more loosely related names, which rank below real matches.
 */
export const WORD_SIMILARITY_THRESHOLD = 0.5;
/** Search ranks at most this many name matches plus this many description matches. */
export const SEARCH_CANDIDATES = 500;

export class ProductRepository {
  constructor(private readonly db: Kysely<Database>) {}

  private select(db: Kysely<Database> = this.db) {
    return db
      .selectFrom("products as p")
      .innerJoin("shops as s", "s.id", "p.shop_id")
      .innerJoin("categories as c", "c.id", "p.category_id")
      .innerJoin("sub_categories as sc", "sc.id", "p.sub_category_id")
      .select([
        "p.id as product_id",
        "p.name as product_name",
        "p.slug",
        "p.description",
        "p.price",
        "p.in_stock",
        sql<string[]>`coalesce((
          SELECT array_agg(pi.path ORDER BY pi.position) FROM product_images pi WHERE pi.product_id = p.id
        ), '{}')`.as("images"),
        "s.id as shop_id",
        "s.name as shop_name",
        "s.verification_status as shop_verification_status",
        "c.id as category_id",
        "c.name as category_name",
        "sc.id as sub_category_id",
        "sc.name as sub_category_name",
        sql<number>`CASE WHEN p.rating_count > 0
          THEN round(p.rating_total::numeric / p.rating_count / 2, 1) ELSE 0 END`.as("average_rating"),
        "p.rating_count as number_of_users_rated",
        "p.sku",
      ]);
  }

  /** Newest in-stock products. */
  async latest(limit: number): Promise<ProductWire[]> {
    const rows = await this.select()
      .where("p.in_stock", ">", 0)
      .orderBy("p.id", "desc")
      .limit(limit)
      .execute();
    return rows.map(toWire);
  }

  async byId(id: number): Promise<ProductWire | undefined> {
    const row = await this.select().where("p.id", "=", id).executeTakeFirst();
    return row && toWire(row);
  }

  async bySlug(slug: string): Promise<ProductWire | undefined> {
    const row = await this.select().where("p.slug", "=", slug).executeTakeFirst();
    return row && toWire(row);
  }

  /** The products of `ids`, in the order of `ids` (unknown ids are left out). */
  async byIds(ids: readonly number[]): Promise<ProductWire[]> {
    if (ids.length === 0) return [];
    const rows = await this.select().where("p.id", "in", ids).execute();
    const byId = new Map(rows.map((row) => [row.product_id, toWire(row)]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  /** In-stock products of the shops the user follows, newest first. */
  async fromShopsFollowedBy(userId: number, limit: number): Promise<ProductWire[]> {
    const rows = await this.select()
      .where("p.shop_id", "in", (eb) =>
        eb.selectFrom("follows").select("shop_id").where("user_id", "=", userId),
      )
      .where("p.in_stock", ">", 0)
      .orderBy("p.id", "desc")
      .limit(limit)
      .execute();
    return rows.map(toWire);
  }

  /** How many in-stock products a listing holds (kept by triggers in listing_counts). */
  async countListed(filter: ListedFilter): Promise<number> {
    const [scope, scopeId] =
      filter.subCategoryId !== undefined
        ? (["sub_category", filter.subCategoryId] as const)
        : filter.categoryId !== undefined
          ? (["category", filter.categoryId] as const)
          : (["all", 0] as const);
    const row = await this.db
      .selectFrom("listing_counts")
      .select("in_stock")
      .where("scope", "=", scope)
      .where("scope_id", "=", scopeId)
      .executeTakeFirst();
    return Number(row?.in_stock ?? 0);
  }

  /**
   * One page of an in-stock listing, newest first. The page's ids are picked on the products table
   * alone, so the joins and image lookups run for that page only, however deep it is.
   */
  async listedPage(filter: ListedFilter, offset: number, limit: number): Promise<ProductWire[]> {
    const ids = this.db
      .selectFrom("products")
      .select("id")
      .where("in_stock", ">", 0)
      .$if(filter.categoryId !== undefined, (qb) => qb.where("category_id", "=", filter.categoryId!))
      .$if(filter.subCategoryId !== undefined, (qb) =>
        qb.where("sub_category_id", "=", filter.subCategoryId!),
      )
      .orderBy("id", "desc")
      .limit(limit)
      .offset(offset);
    const rows = await this.select().where("p.id", "in", ids).orderBy("p.id", "desc").execute();
    return rows.map(toWire);
  }

  /** A page of a listing, or `ok: false` when the page is past the end (page 1 of nothing is empty). */
  async page(filter: ListedFilter, page: number, pageSize: number): Promise<ProductPage> {
    const count = await this.countListed(filter);
    if (isPastEnd(page, count, pageSize)) return { ok: false };
    const results = count === 0 ? [] : await this.listedPage(filter, (page - 1) * pageSize, pageSize);
    return { ok: true, count, results };
  }

  /** A shop's in-stock (or out-of-stock) products, newest first, and how many there are. */
  async byShop(
    shopId: number,
    stock: "in" | "out",
    limit: number,
  ): Promise<{ products: ProductWire[]; count: number }> {
    const op = stock === "out" ? "=" : ">";
    const [rows, counted] = await Promise.all([
      this.select()
        .where("p.shop_id", "=", shopId)
        .where("p.in_stock", op, 0)
        .orderBy("p.id", "desc")
        .limit(limit)
        .execute(),
      this.db
        .selectFrom("products")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("shop_id", "=", shopId)
        .where("in_stock", op, 0)
        .executeTakeFirstOrThrow(),
    ]);
    return { products: rows.map(toWire), count: Number(counted.n) };
  }

  /**
   * In-stock products of the product's sub category sold by other shops, newest first; undefined
   * for an unknown product.
   */
  async relatedTo(productId: number, limit: number): Promise<ProductWire[] | undefined> {
    const product = await this.db
      .selectFrom("products")
      .select(["sub_category_id", "shop_id"])
      .where("id", "=", productId)
      .executeTakeFirst();
    if (!product) return undefined;
    const rows = await this.select()
      .where("p.sub_category_id", "=", product.sub_category_id)
      .where("p.shop_id", "<>", product.shop_id)
      .where("p.in_stock", ">", 0)
      .orderBy("p.id", "desc")
      .limit(limit)
      .execute();
    return rows.map(toWire);
  }

  /**
   * In-stock products matching `query`, best first. A product matches when its text holds any of the
   * words, each also as a prefix ('smartph' finds 'smartphone'), or when its name has a word close to
   * the query (pg_trgm `<%` at WORD_SIMILARITY_THRESHOLD, which forgives a typo: 'samsng' finds
   * 'Samsung', 'matoke' finds 'Matooke'). Products holding every word come first, then by the
   * weighted text rank (name above description) plus the name's word similarity.
   *
   * Ranking reads every candidate's tsvector, so the candidates are capped: up to SEARCH_CANDIDATES
   * whose name has a word close to the query (by the name's trigram index; an exact word scores 1)
   * and as many whose text matches (by the full-text index). (An ILIKE on the name as well made the
   * planner prefer a sequential scan under the LIMIT.) A word found in nearly every product
   * (a town in every description) then costs a bounded ranking, not one over the whole table.
   */
  async search(query: string): Promise<ProductWire[]> {
    const words = query.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
    if (words.length === 0) return [];
    // Words are letters and digits only, so they cannot inject tsquery operators.
    const terms = words.map((w) => (w.length >= 3 ? `${w}:*` : w));
    const allWords = terms.join(" & ");
    const anyWord = terms.join(" | ");
    const text = words.join(" ");
    const rows = await this.db.transaction().execute(async (trx) => {
      // is_local = true: the threshold holds for this transaction only, whatever connection it runs on.
      await sql`SELECT set_config('pg_trgm.word_similarity_threshold', ${String(WORD_SIMILARITY_THRESHOLD)}, true)`.execute(
        trx,
      );
      return this.select(trx)
        .select(
          sql<number>`(p.search_vector @@ to_tsquery('english', ${allWords}))::int
            + ts_rank(p.search_vector, to_tsquery('english', ${anyWord}))
            + word_similarity(${text}, p.name)`.as("rank"),
        )
        .where(
          "p.id",
          "in",
          sql<number>`(
            (SELECT id FROM products
              WHERE in_stock > 0
                AND ${text} <% name
              LIMIT ${SEARCH_CANDIDATES})
            UNION ALL
            (SELECT id FROM products
              WHERE in_stock > 0 AND search_vector @@ to_tsquery('english', ${anyWord})
              LIMIT ${SEARCH_CANDIDATES})
          )`,
        )
        .orderBy("rank", "desc")
        .orderBy("p.id", "desc")
        .limit(SEARCH_RESULTS_MAX)
        .execute();
    });
    return rows.map(toWire);
  }
}

type Row = Omit<ProductWire, "price" | "average_rating" | "number_of_users_rated"> & {
  price: string | number;
  average_rating: number | string;
  number_of_users_rated: number | string;
};

// Both drivers read bigint and numeric as numbers (db/connect.ts); Number() keeps that a guarantee.
function toWire(row: Row): ProductWire {
  return {
    product_id: row.product_id,
    product_name: row.product_name,
    slug: row.slug,
    description: row.description,
    price: Number(row.price),
    in_stock: row.in_stock,
    images: row.images,
    shop_id: row.shop_id,
    shop_name: row.shop_name,
    shop_verification_status: row.shop_verification_status,
    category_id: row.category_id,
    category_name: row.category_name,
    sub_category_id: row.sub_category_id,
    sub_category_name: row.sub_category_name,
    average_rating: Number(row.average_rating),
    number_of_users_rated: Number(row.number_of_users_rated),
    sku: row.sku ?? null,
  };
}
