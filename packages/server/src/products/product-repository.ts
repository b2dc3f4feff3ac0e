import type { ProductWire } from "@katale/adapters-http/contract";
import { isPastEnd, PAGE_SIZE_MAX, SEARCH_RESULTS_MAX } from "@katale/domain";
import { type Kysely, type RawBuilder, sql } from "kysely";
import { BatchLoader } from "../db/batch-loader.js";
import { prepared } from "../db/prepared.js";
import type { Database } from "../db/schema.js";
import { LISTING_BUCKET_BITS, LISTING_FINE_BUCKET_BITS } from "./listing-blocks.js";

// Products as the wire shows them (spec §3). Every product answer is the product's kept JSON text
// (`wire`, written by the database from the one projection in product-projection.ts): the hot read
// routes (a listing page, a product by slug, a search) send the texts as they come, put together
// into one array by the database where they are many (issue 13); the others parse them into objects.
// The statements of the hot read paths are prepared (db/prepared.ts): parsed and planned once per
// connection.

/** Which in-stock listing a page belongs to. */
export type ListedFilter = { categoryId?: number; subCategoryId?: number };

export type ProductPage = { ok: true; count: number; results: ProductWire[] } | { ok: false };

/** A product's kept text, `json`, with its id beside it (which orders). */
const PRODUCT_JSON = "p.id AS product_id, p.wire AS json";
const jsonColumns = sql.raw(PRODUCT_JSON);

/** A kept text as the object it writes (the contract's shape: the projection is its one source). */
const parsed = (json: string) => JSON.parse(json) as ProductWire;

/** A product's JSON text (see PRODUCT_JSON) and the rows it shows. */
export type KeptProduct = {
  json: string;
  product_id: number;
  shop_id: number;
  category_id: number;
  sub_category_id: number;
};

/** A list of products' JSON texts as one JSON array. */
const jsonArray = (rows: readonly { json: string }[]) => `[${rows.map((row) => row.json).join(",")}]`;

/** Slugs looked up in one statement at most. */
const SLUG_BATCH_MAX = 64;

/** A page of a listing with its products as one JSON array (see PRODUCT_JSON). */
export type ProductPageJson = { ok: true; count: number; results: string } | { ok: false };

/** The listings a page belongs to, as listing_counts and listing_buckets name them (scope). */
type ListingScope = "all" | "category" | "sub_category";

/** The page sizes listing statements are prepared for; a page of another size reads the next one up. */
const PAGE_LIMITS = [8, 20, 50, PAGE_SIZE_MAX];
/** The statement a page of this size runs: the first PAGE_LIMITS entry that holds it. */
const pageLimit = (pageSize: number) => PAGE_LIMITS.find((n) => n >= pageSize) ?? pageSize;
/** Pages read in one statement at most. */
const PAGE_BATCH_MAX = 64;

/**
 * A page of a listing as the listing statement reads it: its listing, how many products precede it,
 * and how many it shows.
 */
type PageAsked = { scope: ListingScope; scopeId: number; skip: number; size: number };
/** A listing's count and one of its pages' products as a JSON array. */
type ListingArray = { count: number; results: string };

function pageAsked(filter: ListedFilter, page: number, pageSize: number): PageAsked {
  const scope =
    filter.subCategoryId !== undefined
      ? "sub_category"
      : filter.categoryId !== undefined
        ? "category"
        : "all";
  return {
    scope,
    scopeId: filter.subCategoryId ?? filter.categoryId ?? 0,
    skip: (page - 1) * pageSize,
    size: pageSize,
  };
}

/** A block of 1,024 ids (listing_buckets) holds 2 ** this blocks of 128 (listing_fine_buckets). */
const FINE_PER_BLOCK_BITS = LISTING_BUCKET_BITS - LISTING_FINE_BUCKET_BITS;

/**
 * A listing's blocks in `table` (listing_buckets or listing_fine_buckets) that `where` picks, newest
 * first, each with how many of the listing's in-stock products are newer (`newer`): read off the
 * primary key backwards, so the running sum needs no sort.
 */
export function blocksNewestFirst(
  table: "listing_buckets" | "listing_fine_buckets",
  where: RawBuilder<unknown>,
): RawBuilder<{ bucket: number; in_stock: number; newer: number }> {
  return sql`
    SELECT bucket, in_stock, sum(in_stock::int) OVER (ORDER BY bucket DESC) - in_stock AS newer
    FROM ${sql.table(table)} WHERE ${where}
    ORDER BY bucket DESC`;
}

/**
 * The head of the listing statements: each page asked (`a`, numbered `ord` in the order asked) with its
 * listing's count (`lc.in_stock`) and the block of ids its first product lies in (`start`).
 *
 * The arguments arrive as parallel arrays, numbered by ORDINALITY. They are read through subqueries,
 * so no plan knows them (nor how many there are): the generic plan costs what a custom one does and is
 * kept, instead of planning the statement again for every batch.
 *
 * A page starts in the block of 128 ids (listing_fine_buckets, migration 0012) that holds its first
 * product, so it steps over at most 127 products of that block, however deep the page. That block is
 * found in two steps: the block of 1,024 ids (listing_buckets) by the running sums of the listing's
 * blocks, then the block of 128 among the eight it holds. A page past the end has no such block and
 * reads no product (id < NULL ends the index scan before it starts).
 *
 * The blocks' running sums are taken once per listing of the batch (`blocks`), newest block first
 * straight off the index (no sort), and kept as arrays: each page finds its block by a binary search
 * of the sums (width_bucket: the last block whose newer products are not more than the page skips).
 * Matching every page against every block instead cost a batch of 24 pages 2,352 comparisons at
 * 100,000 products, and more as the catalogue grows (issue 13: about 8 µs of the statement's
 * database time per page, 45-52 µs before, 38-46 after, on one machine in alternating runs).
 */
function pagesFrom(asked: readonly PageAsked[]) {
  return sql`
    WITH args AS MATERIALIZED (
      SELECT a.ord, a.scope, a.scope_id, a.skip, a.size
      FROM unnest((SELECT ${asked.map((a) => a.scope)}::text[]), (SELECT ${asked.map((a) => a.scopeId)}::int[]),
                  (SELECT ${asked.map((a) => a.skip)}::bigint[]), (SELECT ${asked.map((a) => a.size)}::int[]))
        WITH ORDINALITY AS a(scope, scope_id, skip, size, ord)
    ),
    blocks AS MATERIALIZED (
      SELECT l.scope, l.scope_id, k.buckets, k.newers, k.counts
      FROM (SELECT DISTINCT scope, scope_id FROM args) l
      CROSS JOIN LATERAL (
        SELECT array_agg(b.bucket) AS buckets, array_agg(b.newer) AS newers, array_agg(b.in_stock) AS counts
        FROM (${blocksNewestFirst("listing_buckets", sql`scope = l.scope AND scope_id = l.scope_id`)}) b
      ) k
    )
    SELECT a.ord, lc.in_stock AS total, x.*
    FROM args a
    JOIN listing_counts lc ON lc.scope = a.scope AND lc.scope_id = a.scope_id
    LEFT JOIN LATERAL (
      SELECT k.buckets[w.i] AS bucket, k.newers[w.i] AS newer
      FROM blocks k CROSS JOIN LATERAL (SELECT width_bucket(a.skip, k.newers) AS i) w
      WHERE k.scope = a.scope AND k.scope_id = a.scope_id AND a.skip < k.newers[w.i] + k.counts[w.i]
    ) start ON true
    LEFT JOIN LATERAL (
      SELECT f.bucket, a.skip - start.newer - f.newer AS skip
      FROM (${blocksNewestFirst(
        "listing_fine_buckets",
        sql`scope = a.scope AND scope_id = a.scope_id
          AND bucket >= start.bucket << ${sql.lit(FINE_PER_BLOCK_BITS)}
          AND bucket < (start.bucket + 1) << ${sql.lit(FINE_PER_BLOCK_BITS)}`,
      )}) f
      WHERE f.newer <= a.skip - start.newer AND a.skip - start.newer < f.newer + f.in_stock
    ) fine ON true`;
}

/**
 * The ids of page `a` (see pagesFrom), its first `limit` products, newest first. Each listing's ids
 * come from its own index, in a branch of the UNION ALL that only its scope runs (the others are cut
 * off by their one-time filter before reading anything). The page's size is written into the
 * statement, not bound: a generic plan takes a bound LIMIT for a tenth of the table and reads all of
 * it; hence one statement per PAGE_LIMITS entry.
 */
function idsOfPage(limit: number) {
  const below = sql`(fine.bucket + 1) << ${sql.lit(LISTING_FINE_BUCKET_BITS)}`;
  const page = sql`ORDER BY id DESC LIMIT ${sql.lit(limit)} OFFSET fine.skip`;
  return sql`
    (SELECT id FROM products WHERE a.scope = 'all' AND in_stock > 0 AND id < ${below} ${page})
    UNION ALL
    (SELECT id FROM products
      WHERE a.scope = 'category' AND in_stock > 0 AND category_id = a.scope_id AND id < ${below} ${page})
    UNION ALL
    (SELECT id FROM products
      WHERE a.scope = 'sub_category' AND in_stock > 0 AND sub_category_id = a.scope_id AND id < ${below} ${page})`;
}

/** Search: at most this many candidates per tier (the answer's size: a tier that fills it ends the search). */
const SEARCH_TIER_LIMIT = SEARCH_RESULTS_MAX;
/**
 * A query word that no name word starts with is widened to the name words at least this similar
 * (pg_trgm similarity: 'samsng' and 'Samsung' 0.5, 'matoke' and 'Matooke' 0.67), at most
 * SEARCH_TYPO_WORDS of them, closest first.
 */
export const TYPO_SIMILARITY = 0.45;
const SEARCH_TYPO_WORDS = 3;
/** Searches batched together at most. */
const SEARCH_BATCH_MAX = 64;

/** A search's words: what it matches on, and what makes two searches the same. */
const searchWords = (query: string): string[] => query.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

export class ProductRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Kept texts of products (p), as objects, in the order the statement gives them. */
  private async wires(query: RawBuilder<{ json: string }>): Promise<ProductWire[]> {
    const { rows } = await query.execute(this.db);
    return rows.map((row) => parsed(row.json));
  }

  /** Newest in-stock products. */
  latest(limit: number): Promise<ProductWire[]> {
    return this.wires(sql`
      SELECT p.wire AS json FROM products p WHERE p.in_stock > 0 ORDER BY p.id DESC LIMIT ${limit}`);
  }

  async byId(id: number): Promise<ProductWire | undefined> {
    const [product] = await this.wires(
      prepared`SELECT p.wire AS json FROM products p WHERE p.id = ${id}::int`,
    );
    return product;
  }

  async bySlug(slug: string): Promise<ProductWire | undefined> {
    const [product] = await this.wires(
      prepared`SELECT p.wire AS json FROM products p WHERE p.slug = ${slug}::text`,
    );
    return product;
  }

  /**
   * The product with this slug as JSON text (see PRODUCT_JSON) with the rows it shows, or undefined.
   * The slugs asked in one turn of the event loop (or while the previous lookup is on its way) are
   * looked up together in one statement: under load most product pages cost a share of a round trip
   * instead of one each (issue 13: the socket writes to the database were most of a cold product
   * page's work).
   */
  bySlugJson(slug: string): Promise<KeptProduct | undefined> {
    return this.slugLookups.load(slug);
  }

  private readonly slugLookups = new BatchLoader<string, KeptProduct | undefined>(async (slugs) => {
    const { rows } = await prepared<KeptProduct & { slug: string }>`
      SELECT p.slug, ${jsonColumns}, p.shop_id, p.category_id, p.sub_category_id FROM products p
      WHERE p.slug = ANY(${[...new Set(slugs)]}::text[])`.execute(this.db);
    const found = new Map(rows.map(({ slug, ...kept }) => [slug, kept]));
    return slugs.map((slug) => found.get(slug));
  }, SLUG_BATCH_MAX);

  /** The products of `ids`, in the order of `ids` (unknown ids are left out). */
  async byIds(ids: readonly number[]): Promise<ProductWire[]> {
    if (ids.length === 0) return [];
    const rows = await this.db.selectFrom("products").select(["id", "wire"]).where("id", "in", ids).execute();
    const byId = new Map(rows.map((row) => [row.id, row.wire]));
    return ids.flatMap((id) => {
      const json = byId.get(id);
      return json === undefined ? [] : [parsed(json)];
    });
  }

  /** In-stock products of the shops the user follows, newest first. */
  fromShopsFollowedBy(userId: number, limit: number): Promise<ProductWire[]> {
    return this.wires(sql`
      SELECT p.wire AS json FROM products p
      WHERE p.shop_id IN (SELECT shop_id FROM follows WHERE user_id = ${userId}) AND p.in_stock > 0
      ORDER BY p.id DESC LIMIT ${limit}`);
  }

  /**
   * A page of a listing, newest first, and how many products the listing holds (kept by triggers in
   * listing_counts), in one statement; `ok: false` when the page is past the end (page 1 of nothing
   * is empty). The page's ids are picked on the listing's index alone, so the joins run for that
   * page only, however deep it is; a page past the end reads no product.
   */
  async page(filter: ListedFilter, page: number, pageSize: number): Promise<ProductPage> {
    const found = await this.pageJson(filter, page, pageSize);
    if (!found.ok) return found;
    return { ok: true, count: found.count, results: JSON.parse(found.results) as ProductWire[] };
  }

  /**
   * page() with the page's products as one JSON array (see PRODUCT_JSON). The pages asked in one turn
   * of the event loop (or while the previous batch is on its way) are read together in one statement,
   * as bySlugJson's products are: under the cold listing load most pages cost a share of a round trip
   * instead of one each (issue 13).
   */
  async pageJson(filter: ListedFilter, page: number, pageSize: number): Promise<ProductPageJson> {
    const limit = pageLimit(pageSize);
    let lookups = this.pageLookups.get(limit);
    if (lookups === undefined) {
      lookups = new BatchLoader((asked) => this.readPages(limit, asked), PAGE_BATCH_MAX);
      this.pageLookups.set(limit, lookups);
    }
    const { count, results } = await lookups.load(pageAsked(filter, page, pageSize));
    if (isPastEnd(page, count, pageSize)) return { ok: false };
    return { ok: true, count, results };
  }

  /** The pages waiting to be read, one queue per statement (PAGE_LIMITS entry), made when first used. */
  private readonly pageLookups = new Map<number, BatchLoader<PageAsked, ListingArray>>();

  /** Reads a batch of pageJson's pages: the same page asked twice is read once. */
  private async readPages(limit: number, asked: PageAsked[]): Promise<ListingArray[]> {
    const key = (page: PageAsked) => `${page.scope}:${page.scopeId}:${page.skip}:${page.size}`;
    const distinct = [...new Map(asked.map((page) => [key(page), page])).values()];
    const pages = await this.pageArrays(limit, distinct);
    const byKey = new Map(distinct.map((page, i) => [key(page), pages[i]!]));
    return asked.map((page) => byKey.get(key(page))!);
  }

  /**
   * For each page asked, in order: its listing's count and its products (its size, of the first
   * `limit` from its first on) as one JSON array of their
   * kept texts: one row per page, put together by the database (a row per product cost this process
   * more to read than the array's text does).
   */
  private async pageArrays(limit: number, asked: readonly PageAsked[]): Promise<ListingArray[]> {
    const { rows } = await prepared<{ ord: number | string; total: number | string; results: string }>`
      ${pagesFrom(asked)}
      LEFT JOIN LATERAL (
        SELECT '[' || coalesce(string_agg(p.wire, ',' ORDER BY p.id DESC), '') || ']' AS results
        FROM (SELECT id FROM (${idsOfPage(limit)}) u ORDER BY id DESC LIMIT a.size) ids
        JOIN products p ON p.id = ids.id
      ) x ON true
      ORDER BY a.ord`.execute(this.db);
    // A listing that does not exist (no count kept) has no row: nothing in it.
    const pages: ListingArray[] = asked.map(() => ({ count: 0, results: "[]" }));
    for (const row of rows) pages[Number(row.ord) - 1] = { count: Number(row.total), results: row.results };
    return pages;
  }

  /** A shop's in-stock (or out-of-stock) products, newest first, and how many there are. */
  async byShop(
    shopId: number,
    stock: "in" | "out",
    limit: number,
  ): Promise<{ products: ProductWire[]; count: number }> {
    const inStock = stock === "out" ? sql`p.in_stock = 0` : sql`p.in_stock > 0`;
    const [products, counted] = await Promise.all([
      this.wires(sql`
        SELECT p.wire AS json FROM products p WHERE p.shop_id = ${shopId} AND ${inStock}
        ORDER BY p.id DESC LIMIT ${limit}`),
      this.db
        .selectFrom("products")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("shop_id", "=", shopId)
        .where("in_stock", stock === "out" ? "=" : ">", 0)
        .executeTakeFirstOrThrow(),
    ]);
    return { products, count: Number(counted.n) };
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
    return this.wires(sql`
      SELECT p.wire AS json FROM products p
      WHERE p.sub_category_id = ${product.sub_category_id} AND p.shop_id <> ${product.shop_id}
        AND p.in_stock > 0
      ORDER BY p.id DESC LIMIT ${limit}`);
  }

  /**
   * In-stock products matching `query`, best first, in one statement. Each word matches as itself and
   * as a prefix ('smartph' finds 'smartphone'); a word that no word of any product name starts with
   * also matches the name words close to it (search_words, trigram similarity at least
   * TYPO_SIMILARITY: 'samsng' finds 'Samsung', 'matoke' finds 'Matooke').
   *
   * Candidates come tier by tier, each tier from an index and at most SEARCH_RESULTS_MAX of them, and
   * the search stops at the first SEARCH_RESULTS_MAX: names holding every word, then whole texts
   * (name and description) holding every word, then names holding some word, then texts holding some
   * word. A word found in nearly every product (a town in every description) so costs no more than
   * a rare one. Within a tier, names closer to the query (pg_trgm word similarity) come first, then
   * the newest.
   */
  async search(query: string): Promise<ProductWire[]> {
    return (await this.searchRows(searchWords(query))).map((row) => parsed(row.json));
  }

  /**
   * search() with the products as one JSON array (see PRODUCT_JSON). Searches asked in one turn of
   * the event loop (or while the previous batch is on its way) go together: the same words asked
   * twice are searched once, the answer shared (a few words are most of the searches; each answer is
   * fifty products the database writes out, the most of a search's work, issue 13).
   */
  searchJson(query: string): Promise<string> {
    const words = searchWords(query);
    if (words.length === 0) return Promise.resolve("[]");
    return this.searches.load(words);
  }

  /** Each distinct search of a batch runs once, on its own (one failing fails only its askers). */
  private readonly searches = new BatchLoader<string[], string>(async (batch) => {
    const same = new Map<string, Promise<string>>();
    return batch.map((words) => {
      const key = words.join(" ");
      let json = same.get(key);
      if (json === undefined) {
        json = this.searchRows(words).then(jsonArray);
        same.set(key, json);
      }
      return json;
    });
  }, SEARCH_BATCH_MAX);

  private async searchRows(words: readonly string[]): Promise<{ json: string }[]> {
    if (words.length === 0) return [];
    // Words are letters and digits only, and so are the name words (migration 0006): they cannot
    // inject tsquery operators. The words are read through a subquery, so no plan knows them: the
    // generic plan then costs what a custom one does and is kept, not planned again for every search.
    const { rows } = await prepared<{ json: string }>`
      WITH words AS (
        SELECT w, ord FROM unnest((SELECT ${words}::text[])) WITH ORDINALITY AS t(w, ord)
      ),
      terms AS (
        SELECT ord, '(' || CASE WHEN length(w) >= 3 THEN w || ':*' ELSE w END || coalesce((
          SELECT string_agg(' | ' || f.word, '' ORDER BY f.closeness DESC) FROM (
            SELECT sw.word, similarity(sw.word, w) AS closeness FROM search_words sw
            WHERE length(w) >= 4 AND sw.word % w AND similarity(sw.word, w) >= ${sql.lit(TYPO_SIMILARITY)}
              AND NOT EXISTS (
                SELECT 1 FROM search_words e
                WHERE e.word >= w COLLATE "C" AND e.word < (w || chr(255)) COLLATE "C")
            ORDER BY closeness DESC LIMIT ${sql.lit(SEARCH_TYPO_WORDS)}
          ) f), '') || ')' AS term
        FROM words
      ),
      q AS (
        SELECT to_tsquery('english', string_agg(term, ' & ' ORDER BY ord)) AS every_word,
               to_tsquery('english', string_agg(term, ' | ' ORDER BY ord)) AS some_word
        FROM terms
      ),
      hits AS (
        SELECT id, tier FROM (
          (SELECT id, 4 AS tier FROM products
            WHERE in_stock > 0 AND name_vector @@ (SELECT every_word FROM q)
            LIMIT ${sql.lit(SEARCH_TIER_LIMIT)})
          UNION ALL
          (SELECT id, 3 FROM products
            WHERE in_stock > 0 AND search_vector @@ (SELECT every_word FROM q)
              AND NOT name_vector @@ (SELECT every_word FROM q)
            LIMIT ${sql.lit(SEARCH_TIER_LIMIT)})
          UNION ALL
          (SELECT id, 2 FROM products
            WHERE in_stock > 0 AND name_vector @@ (SELECT some_word FROM q)
              AND NOT search_vector @@ (SELECT every_word FROM q)
            LIMIT ${sql.lit(SEARCH_TIER_LIMIT)})
          UNION ALL
          (SELECT id, 1 FROM products
            WHERE in_stock > 0 AND search_vector @@ (SELECT some_word FROM q)
              AND NOT search_vector @@ (SELECT every_word FROM q)
              AND NOT name_vector @@ (SELECT some_word FROM q)
            LIMIT ${sql.lit(SEARCH_TIER_LIMIT)})
        ) tiers
        LIMIT ${sql.lit(SEARCH_RESULTS_MAX)}
      )
      SELECT ${jsonColumns} FROM hits h JOIN products p ON p.id = h.id
      ORDER BY h.tier DESC, word_similarity(${words.join(" ")}::text, p.name) DESC, p.id DESC`.execute(
      this.db,
    );
    return rows;
  }
}
