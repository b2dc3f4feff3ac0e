import type { ProductDetailWire, ProductWire } from "@katale/adapters-http/contract";
import { isPastEnd } from "@katale/domain";
import { type Kysely, type RawBuilder, sql } from "kysely";
import { BatchLoader } from "../db/batch-loader.js";
import { prepared } from "../db/prepared.js";
import type { Database } from "../db/schema.js";
import type { BrowseIndex } from "../find/browse-index.js";
import {
  type ListingArray,
  PAGE_BATCH_MAX,
  type PageAsked,
  pageAsked,
  pageLimit,
  pagesFrom,
  productsOfPage,
} from "./listing-statements.js";
import { filtersJson } from "./product-filter-values.js";
import { jsonColumns } from "./product-json-columns.js";
import { SEARCH_BATCH_MAX, type SearchRow, searchRows, searchWords } from "./product-search.js";
import { SearchBusy, type SearchLine } from "./search-bounds.js";

// Products as the wire shows them (spec §3). Every product answer is the product's kept JSON text
// (`wire`, written by the database from the one projection in product-projection.ts): the hot read
// routes (a listing page, a product by slug, a search) send the texts as they come, put together
// into one array by the database where they are many (issue 13); the others parse them into objects.
// The statements of the hot read paths are prepared (db/prepared.ts): parsed and planned once per
// connection.

/** Which in-stock listing a page belongs to. */
export type ListedFilter = { categoryId?: number; subCategoryId?: number };

export type ProductPage = { ok: true; count: number; results: ProductWire[] } | { ok: false };

/** A kept text as the object it writes (the contract's shape: the projection is its one source). */
const parsed = (json: string) => JSON.parse(json) as ProductWire;

/** A product's JSON text (see jsonColumns), its filter values' (filtersJson) and the rows it shows. */
export type KeptProduct = {
  json: string;
  filters: string;
  product_id: number;
  shop_id: number;
  category_id: number;
  sub_category_id: number;
  /** Hidden by moderators: only its owner may read it (moderation/). */
  hidden: boolean;
};

/** A list of products' JSON texts as one JSON array. */
const jsonArray = (rows: readonly { json: string }[]) => `[${rows.map((row) => row.json).join(",")}]`;

/**
 * Searches whose answers are kept (the ids of at most SEARCH_RESULTS_MAX products each, in order),
 * the least recently asked dropped first.
 */
const SEARCHES_KEPT = 1_000;

/** A search's answer: its products' ids in order, and the answer as one JSON array. */
type SearchAnswer = { ids: number[]; json: string };

/** Slugs looked up in one statement at most. */
const SLUG_BATCH_MAX = 64;

/** A page of a listing with its products as one JSON array (see jsonColumns). */
export type ProductPageJson = { ok: true; count: number; results: string } | { ok: false };

export interface SearchOptions {
  /** The bounded line searches take turns in (searches without one run at once). */
  line?: SearchLine;
  /** PostgreSQL: a search statement is cancelled after this long (SearchBusy). */
  statementTimeoutMs?: number;
  /**
   * Keeps each search's answer (its products' ids, in order) while this index applies no product
   * change: a search asked again reads only its products' texts (docs/performance.md, "Kept search
   * answers"). Without it every search runs the search statement.
   */
  keptWith?: BrowseIndex;
}

export class ProductRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly searchOptions: SearchOptions = {},
  ) {}

  /** Kept texts of products (p), as objects, in the order the statement gives them. */
  private async wires(query: RawBuilder<{ json: string }>): Promise<ProductWire[]> {
    const { rows } = await query.execute(this.db);
    return rows.map((row) => parsed(row.json));
  }

  /** Newest in-stock products. */
  latest(limit: number): Promise<ProductWire[]> {
    return this.wires(sql`
      SELECT p.wire AS json FROM products p WHERE p.in_stock > 0 AND NOT p.hidden ORDER BY p.id DESC LIMIT ${limit}`);
  }

  /** The product with its filter values (its page's form), hidden or not (the owner's writes). */
  async byId(id: number): Promise<ProductDetailWire | undefined> {
    const found = await this.byIdWithModeration(id);
    if (!found) return undefined;
    const { hidden: _hidden, ...product } = found;
    return product;
  }

  /** byId and whether moderators hid it (the public read answers 404 but to its owner). */
  async byIdWithModeration(id: number): Promise<(ProductDetailWire & { hidden: boolean }) | undefined> {
    const { rows } = await prepared<{ json: string; filters: string; hidden: boolean }>`
      SELECT p.wire AS json, ${filtersJson("p")} AS filters, p.hidden FROM products p WHERE p.id = ${id}::int`.execute(
      this.db,
    );
    const row = rows[0];
    return (
      row && {
        ...parsed(row.json),
        filters: JSON.parse(row.filters) as ProductDetailWire["filters"],
        hidden: row.hidden,
      }
    );
  }

  /** The product with this slug, unless moderators hid it. */
  async bySlug(slug: string): Promise<ProductWire | undefined> {
    const [product] = await this.wires(
      prepared`SELECT p.wire AS json FROM products p WHERE p.slug = ${slug}::text AND NOT p.hidden`,
    );
    return product;
  }

  /**
   * The product with this slug as JSON text (see jsonColumns) with the rows it shows, or undefined.
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
      SELECT p.slug, ${jsonColumns}, ${filtersJson("p")} AS filters, p.shop_id, p.category_id, p.sub_category_id,
        p.hidden
      FROM products p
      WHERE p.slug = ANY(${[...new Set(slugs)]}::text[])`.execute(this.db);
    const found = new Map(rows.map(({ slug, ...kept }) => [slug, kept]));
    return slugs.map((slug) => found.get(slug));
  }, SLUG_BATCH_MAX);

  /** The products of `ids`, in the order of `ids` (unknown ids are left out). */
  async byIds(ids: readonly number[]): Promise<ProductWire[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .selectFrom("products")
      .select(["id", "wire"])
      .where("id", "in", ids)
      .where("hidden", "=", false)
      .execute();
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
        AND NOT p.hidden
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
   * page() with the page's products as one JSON array (see jsonColumns). The pages asked in one turn
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
        FROM (SELECT id, wire FROM (${productsOfPage(limit)}) u ORDER BY id DESC LIMIT a.size) p
      ) x ON true
      ORDER BY a.ord`.execute(this.db);
    // A listing that does not exist (no count kept) has no row: nothing in it.
    const pages: ListingArray[] = asked.map(() => ({ count: 0, results: "[]" }));
    for (const row of rows) pages[Number(row.ord) - 1] = { count: Number(row.total), results: row.results };
    return pages;
  }

  /**
   * A shop's in-stock (or out-of-stock) products, newest first, and how many there are; the ones
   * moderators hid only for their owner (`withHidden`).
   */
  async byShop(
    shopId: number,
    stock: "in" | "out",
    limit: number,
    withHidden = false,
  ): Promise<{ products: ProductWire[]; count: number }> {
    const inStock = stock === "out" ? sql`p.in_stock = 0` : sql`p.in_stock > 0`;
    const shown = withHidden ? sql`true` : sql`NOT p.hidden`;
    const [products, counted] = await Promise.all([
      this.wires(sql`
        SELECT p.wire AS json FROM products p WHERE p.shop_id = ${shopId} AND ${inStock} AND ${shown}
        ORDER BY p.id DESC LIMIT ${limit}`),
      this.db
        .selectFrom("products")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("shop_id", "=", shopId)
        .where("in_stock", stock === "out" ? "=" : ">", 0)
        .$if(!withHidden, (q) => q.where("hidden", "=", false))
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
      .where("hidden", "=", false)
      .executeTakeFirst();
    if (!product) return undefined;
    return this.wires(sql`
      SELECT p.wire AS json FROM products p
      WHERE p.sub_category_id = ${product.sub_category_id} AND p.shop_id <> ${product.shop_id}
        AND p.in_stock > 0 AND NOT p.hidden
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
    return (await searchRows(this.db, searchWords(query))).map((row) => parsed(row.json));
  }

  /**
   * search() with the products as one JSON array (see jsonColumns). Searches asked in one turn of
   * the event loop (or while the previous batch is on its way) go together: the same words asked
   * twice are searched once, the answer shared (a few words are most of the searches; each answer is
   * fifty products the database writes out, the most of a search's work, issue 13). With `keptWith`,
   * a search asked again before a product changes reads only its kept answer's products.
   */
  async searchJson(query: string): Promise<string> {
    const words = searchWords(query);
    if (words.length === 0) return "[]";
    const index = this.searchOptions.keptWith;
    if (!index) return (await this.searches.load(words)).json;
    // Every product change committed before this search is applied first (on every instance: the
    // index reads catalogue_changes); the version is read before the statement is sent, so an answer
    // is kept under a version no later than the products it read.
    await index.fresh();
    const version = index.productVersion();
    const key = words.join(" ");
    const kept = this.searchesKept.get(key);
    this.searchesKept.delete(key);
    if (kept?.version === version) {
      this.searchesKept.set(key, kept);
      // The same search asked while its texts are being read shares that read: it began after a
      // fresh() that saw this version, and nothing the answer shows has changed since (the version
      // would have moved).
      if (!kept.reading) {
        const reading = index.wires(kept.ids).finally(() => {
          if (kept.reading === reading) kept.reading = undefined;
        });
        kept.reading = reading;
      }
      return kept.reading;
    }
    const answer = await this.searches.load(words);
    this.searchesKept.delete(key);
    this.searchesKept.set(key, { version, ids: answer.ids });
    if (this.searchesKept.size > SEARCHES_KEPT) {
      const oldest = this.searchesKept.keys().next();
      if (!oldest.done) this.searchesKept.delete(oldest.value);
    }
    return answer.json;
  }

  /** Kept search answers by their words (see SearchOptions.keptWith), least recently asked first. */
  private readonly searchesKept = new Map<
    string,
    { version: number; ids: number[]; reading?: Promise<string> | undefined }
  >();

  /** One search, in its turn of the line and within its statement timeout (else SearchBusy). */
  private boundedSearch(words: string[]): Promise<SearchRow[]> {
    const { line, statementTimeoutMs } = this.searchOptions;
    const run = () =>
      statementTimeoutMs === undefined
        ? searchRows(this.db, words)
        : this.db
            .transaction()
            .execute(async (trx) => {
              await sql`SET LOCAL statement_timeout = ${sql.lit(statementTimeoutMs)}`.execute(trx);
              return searchRows(trx, words);
            })
            .catch((error: { code?: string }) => {
              // 57014: cancelled by the statement timeout.
              throw error?.code === "57014" ? new SearchBusy() : error;
            });
    return line ? line.run(run) : run();
  }

  /** Each distinct search of a batch runs once, on its own (one failing fails only its askers). */
  private readonly searches = new BatchLoader<string[], SearchAnswer>(async (batch) => {
    const same = new Map<string, Promise<SearchAnswer>>();
    return batch.map((words) => {
      const key = words.join(" ");
      let answer = same.get(key);
      if (answer === undefined) {
        answer = this.boundedSearch(words).then((rows) => ({
          ids: rows.map((row) => row.product_id),
          json: jsonArray(rows),
        }));
        same.set(key, answer);
      }
      return answer;
    });
  }, SEARCH_BATCH_MAX);
}
