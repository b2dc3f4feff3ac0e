import type { BrowseSort } from "@katale/adapters-http/contract";
import { type Kysely, sql } from "kysely";
import { prepared } from "../db/prepared.js";
import type { Database } from "../db/schema.js";

// The browse index (GET product/browse/): what narrowing, sorting and counting facets read of each
// product, kept in the server's memory, so a browse is one pass over the products in scope with no
// statement per facet. The database keeps the rest: search words (their GIN index answers the ids
// and ranks) and the page's answers (products.wire).
//
// Why in memory: the single statement it replaced (one scan per facet of every product in scope)
// answered 121 req/s with p50 399 ms on PGlite for a category, two values and a
// price range over 3,000 products (docs/performance.md, "Browse index").
//
// Fresh on every instance: statement triggers (migration 0026) log the ids of every changed product,
// product filter value and shop in catalogue_changes; each browse first applies the log entries it
// has not seen (one indexed statement, usually answering nothing), so an answer shows every change
// committed before the request arrived. Entries may commit out of sequence order: a sequence number
// skipped is looked for again for a while. Entries older than an hour are pruned; an index that has
// not looked for that long loads everything again. The taxonomy (categories, sub categories, filters
// and their values: migration 0030 logs them as 'taxonomy') is kept too: a browse's ids are checked
// and its filters facet named without a statement.
//
// On PGlite (one connection in this process, watchNotices) every commit's catalogue notice reaches
// this process before the next request is read, so the log is read only after a notice (and at least
// every NOTICE_NET_MS): most browses run no statement before their page's answers.

/** A browse request, checked and read (browse-routes.ts). */
export interface BrowseAsk {
  categoryId?: number | undefined;
  subCategoryId?: number | undefined;
  /** Search words (letters and digits only: searchWords). */
  words: readonly string[];
  /** Chosen value ids and the filter each belongs to. */
  values: readonly { valueId: number; filterId: number }[];
  priceMin?: number | undefined;
  priceMax?: number | undefined;
  districts: readonly string[];
  near?: { lat: number; lng: number; radiusKm: number } | undefined;
  verified: boolean;
  inStock: boolean;
  sort: BrowseSort;
  skip: number;
  size: number;
  /** Only products with an id in (after, upTo]: a saved search's new matches (notifications). */
  ids?: { after: number; upTo: number } | undefined;
  /** Leaves out this user's own shops' products (a saved search's owner is not told of them). */
  notOwnerId?: number | undefined;
}

/** What a browse reads of a product. */
interface Item {
  readonly id: number;
  readonly category: number;
  readonly sub: number;
  readonly price: number;
  readonly stocked: boolean;
  readonly rating: number;
  /** The shop's own object, changed in place when the shop changes. */
  readonly shop: Shop;
  /** Its filter values, as the index's value slots (one per filter). */
  values: number[];
}

interface Shop {
  /** Its place in the index's list of shops (a browse keeps per-shop scratch in typed arrays). */
  readonly slot: number;
  ownerId: number;
  district: string | null;
  verified: boolean;
  lat: number | null;
  lng: number | null;
  /** Scratch of one browse (find runs from here to its answer without waiting): km to `near`. */
  dist: number;
  /** Scratch of one browse: its products counted in the districts facet. */
  tally: number;
  /** What the shop lists, newest first, and its totals: kept with the index's lists (listOf). */
  items: Item[];
  stocked: number;
  priceMin: number;
  priceMax: number;
  /** Its products per value slot. */
  valueCounts: Map<number, number>;
}

/**
 * A scope's products cheapest first (newest first at a price), with what a browse reads of each in
 * typed arrays: a price range is a binary search, and the pass over it reads no objects but the
 * matches'.
 */
interface PriceOrder {
  readonly items: Item[];
  readonly price: Float64Array;
  readonly shop: Int32Array;
  readonly stocked: Uint8Array;
  /** The category of every product, or undefined when they are not all of one. */
  readonly category: number | undefined;
  /** Per filter slot (made when first asked): each product's value slot + 1 of that filter, 0: none. */
  readonly columns: Map<number, Int32Array>;
}

/** Cheapest first, the newest first at a price (the order of sort price_asc). */
function cheapestFirst(a: Item, b: Item): number {
  return a.price - b.price || b.id - a.id;
}

/** A price order of products already in it. */
function priceOrderFrom(items: Item[]): PriceOrder {
  const n = items.length;
  const price = new Float64Array(n);
  const shop = new Int32Array(n);
  const stocked = new Uint8Array(n);
  let category = items[0]?.category;
  for (let i = 0; i < n; i++) {
    const item = items[i]!;
    price[i] = item.price;
    shop[i] = item.shop.slot;
    stocked[i] = item.stocked ? 1 : 0;
    if (item.category !== category) category = undefined;
  }
  return { items, price, shop, stocked, category, columns: new Map() };
}

/** The first index of a sorted array whose value is at least (or, `after`, above) `price`. */
function searchPrice(prices: Float64Array | Int32Array, price: number, after: boolean): number {
  let low = 0;
  let high = prices.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (after ? prices[mid]! <= price : prices[mid]! < price) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** The index's answer: the page's ids in order, the count and the facets' raw counts. */
export interface BrowseFound {
  total: number;
  ids: number[];
  priceMin: number | null;
  priceMax: number | null;
  districts: { district: string; count: number }[];
  verified: number;
  inStock: number;
  /** [filter id, value id, count] */
  valueCounts: [number, number, number][];
}

/** A filter value as the filters facet shows it. */
interface TaxonomyValue {
  readonly id: number;
  readonly name: string;
  readonly filterId: number;
  readonly filterName: string;
}

/** The filters facet: each filter with its values and counts (browse-routes.ts sends it). */
export type FilterFacet = {
  filter_id: number;
  filter_name: string;
  values: { value_id: number; value_name: string; count: number }[];
};

/** Tables whose changes the log records (catalogue notices of other tables leave the index be). */
const LOGGED_TABLES = new Set([
  "products",
  "product_filter_values",
  "shops",
  "categories",
  "sub_categories",
  "filters",
  "filter_values",
]);
/** With notices (PGlite), the log is still read at least this often: a net, and its pruning. */
const NOTICE_NET_MS = 5_000;
/**
 * Search words' ids and ranks kept (each valid until the index applies a product change): at most
 * this many ids in all, the searches least recently asked dropped first.
 */
const RANKS_KEPT_IDS = 200_000;
/** A price order keeps the value columns of this many filters, the least recently asked dropped. */
const COLUMNS_KEPT = 16;
/** A price order is patched from at most this many lists back; older, it is sorted again. */
const PATCHES_KEPT = 4;

/** How long a skipped sequence number may still turn up (a transaction committing late). */
const HOLE_WAIT_MS = 30_000;
/** Log entries are kept this long; an index that has not looked for longer loads everything. */
const LOG_KEPT_MS = 60 * 60 * 1000;
const PRUNE_EVERY_MS = 60_000;
/** The channel of the catalogue's notices (migrations 0001, 0013, 0019). */
const CATALOGUE_NOTICES = "katale_catalogue_changed";

/** Kilometres between two points: the haversine formula, as the database worked it out. */
function kmBetween(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const rad = Math.PI / 180;
  const a =
    Math.sin(((lat2 - lat1) * rad) / 2) ** 2 +
    Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lng2 - lng1) * rad) / 2) ** 2;
  return 12742 * Math.asin(Math.sqrt(a));
}

/** Ties are broken by the newest first, as everywhere in the listings. */
function comparatorOf(
  sort: BrowseSort,
  dist: (item: Item) => number,
  rank: Map<number, number> | undefined,
): (a: Item, b: Item) => number {
  switch (sort) {
    case "price_asc":
      return (a, b) => a.price - b.price || b.id - a.id;
    case "price_desc":
      return (a, b) => b.price - a.price || b.id - a.id;
    case "rating":
      return (a, b) => b.rating - a.rating || b.id - a.id;
    case "nearest":
      return (a, b) => dist(a) - dist(b) || b.id - a.id;
    case "relevance":
      return (a, b) => (rank?.get(b.id) ?? 0) - (rank?.get(a.id) ?? 0) || b.id - a.id;
    default:
      return (a, b) => b.id - a.id;
  }
}

/** The first `k` of `items` in `compare`'s order, without sorting all of them when k is small. */
function firstOf<T>(items: T[], k: number, compare: (a: T, b: T) => number): T[] {
  if (k <= 0) return [];
  if (k * 8 >= items.length) return items.sort(compare).slice(0, k);
  // A max-heap (by `compare`) of the best k seen so far.
  const heap: T[] = [];
  const worse = (i: number, j: number) => compare(heap[i]!, heap[j]!) > 0;
  const swap = (i: number, j: number) => {
    const t = heap[i]!;
    heap[i] = heap[j]!;
    heap[j] = t;
  };
  for (const item of items) {
    if (heap.length < k) {
      heap.push(item);
      for (let i = heap.length - 1; i > 0; ) {
        const parent = (i - 1) >> 1;
        if (!worse(i, parent)) break;
        swap(i, parent);
        i = parent;
      }
    } else if (compare(item, heap[0]!) < 0) {
      heap[0] = item;
      for (let i = 0; ; ) {
        const l = 2 * i + 1;
        const r = l + 1;
        let top = i;
        if (l < heap.length && worse(l, top)) top = l;
        if (r < heap.length && worse(r, top)) top = r;
        if (top === i) break;
        swap(i, top);
        i = top;
      }
    }
  }
  return heap.sort(compare);
}

/** The districts facet: most products first, then by name. */
function districtList(counts: Map<string, number>): { district: string; count: number }[] {
  return [...counts]
    .map(([district, count]) => ({ district, count }))
    .sort((a, b) => b.count - a.count || (a.district < b.district ? -1 : a.district > b.district ? 1 : 0));
}

/** One index per database, shared by the browse call and the saved searches' notifications. */
const indexes = new WeakMap<Kysely<Database>, BrowseIndex>();

export class BrowseIndex {
  static of(db: Kysely<Database>): BrowseIndex {
    let index = indexes.get(db);
    if (!index) {
      index = new BrowseIndex(db);
      indexes.set(db, index);
    }
    return index;
  }

  private readonly items = new Map<number, Item>();
  private readonly shops = new Map<number, Shop>();
  /** Every shop object by its slot. */
  private readonly shopList: Shop[] = [];
  /** A scope's products in price order, kept per list of the scope (a changed list is a new array). */
  private readonly priceOrders = new WeakMap<Item[], PriceOrder>();
  /** Per value column of a price order: the positions holding a value of its filter, in order. */
  private readonly holders = new WeakMap<Int32Array, Int32Array>();
  /** Lists patched since their scope was last browsed: the old list and what changed (notePatch). */
  private readonly pendingOrders = new WeakMap<
    Item[],
    { old: Item[]; added: Item[]; changed: Set<number>; depth: number }
  >();
  /** Every item, newest first, and per category and sub category; patched after a change (listOf). */
  private newest: Item[] | undefined;
  /** Products changed since the lists were last brought up, and the shops they were or are in. */
  private patch: { ids: Set<number>; shops: Set<Shop> } | undefined;
  private readonly byCategory = new Map<number, Item[]>();
  private readonly bySub = new Map<number, Item[]>();
  /** Value ids get dense slots, so a browse counts them in a typed array; each slot's filter too. */
  private readonly valueSlots = new Map<number, number>();
  private readonly valueIds: number[] = [];
  private readonly filterSlotOf: number[] = [];
  private readonly filterSlots = new Map<number, number>();
  private readonly filterIds: number[] = [];
  private loaded = false;
  private lastSeq = 0;
  /** Sequence numbers skipped, and when they were first missed. */
  private readonly holes = new Map<number, number>();
  private lastLook = 0;
  private lastPrune = 0;
  private ticket = 0;
  private look: { ticket: number; done: Promise<void> } | undefined;
  /** The taxonomy: ids that exist, and the values by id and by their filter's sub category. */
  private readonly categoryIds = new Set<number>();
  private readonly subCategoryIds = new Set<number>();
  private readonly taxonomyValues = new Map<number, TaxonomyValue>();
  private readonly valuesBySub = new Map<number, TaxonomyValue[]>();
  /** Counts the product changes applied: a kept search's ranks hold while it has not moved. */
  private productChanges = 0;
  private readonly ranksKept = new Map<string, { changes: number; ranks: Map<number, number> }>();
  private ranksKeptIds = 0;
  /** The products of kept ranks, newest first, as of a count of product changes. */
  private readonly rankedItems = new WeakMap<Map<number, number>, { changes: number; items: Item[] }>();
  /** Set by watchNotices: a catalogue notice came since the log was last read (or none ever did). */
  private noticed: boolean | undefined;

  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Reads the log only after a catalogue notice (or NOTICE_NET_MS): for a database whose notices
   * reach this process before anything else can read what they tell of (PGlite, one connection in
   * this process: the notice is handed over as the commit's answer is read).
   */
  async watchNotices(
    listen: (channel: string, onNotify: (payload: string) => void) => Promise<() => Promise<void>>,
  ) {
    const stop = await listen(CATALOGUE_NOTICES, (payload) => {
      const table = /^([a-z_]+)(?::[\d,]*)?$/.exec(payload)?.[1];
      if (table === undefined || LOGGED_TABLES.has(table)) this.noticed = true;
    });
    this.noticed ??= true;
    return stop;
  }

  /** Brings the index up to every change committed before the call (with the taxonomy). */
  async fresh(): Promise<void> {
    if (this.noticed === false && this.loaded && Date.now() - this.lastLook < NOTICE_NET_MS)
      return this.look?.done;
    const asked = ++this.ticket;
    for (;;) {
      const current = this.look;
      // A look that began after this request asked sees everything the request must see.
      if (current && current.ticket > asked) return current.done;
      if (current) {
        await current.done.catch(() => {});
        if (this.look === current) this.look = undefined;
        continue;
      }
      const ticket = ++this.ticket;
      const done = this.catchUp()
        .catch((error: unknown) => {
          // Not brought up: the next browse reads the log again.
          if (this.noticed !== undefined) this.noticed = true;
          throw error;
        })
        .finally(() => {
          if (this.look?.ticket === ticket) this.look = undefined;
        });
      this.look = { ticket, done };
      return done;
    }
  }

  private async catchUp(): Promise<void> {
    // Before the log is read: a notice from now on asks for another look.
    if (this.noticed !== undefined) this.noticed = false;
    const now = Date.now();
    if (!this.loaded || now - this.lastLook > LOG_KEPT_MS - PRUNE_EVERY_MS) {
      await this.loadAll();
      this.lastLook = now;
      return;
    }
    this.lastLook = now;
    if (now - this.lastPrune > PRUNE_EVERY_MS) {
      this.lastPrune = now;
      await sql`DELETE FROM catalogue_changes WHERE at < now() - ${`${LOG_KEPT_MS / 1000} seconds`}::interval`.execute(
        this.db,
      );
    }
    const holes = [...this.holes.keys()];
    // Prepared (db/prepared.ts); the ids as text ('{1,2}'), read the same way on both databases.
    const { rows } = await prepared<{ seq: string | number; tbl: string; ids: string }>`
      SELECT seq, tbl, ids::text AS ids FROM catalogue_changes
      WHERE seq > ${this.lastSeq}::bigint OR seq = ANY(${holes}::bigint[])
      ORDER BY seq`.execute(this.db);
    for (const [seq, since] of this.holes) if (now - since > HOLE_WAIT_MS) this.holes.delete(seq);
    if (rows.length === 0) return;
    const products = new Set<number>();
    const shops = new Set<number>();
    let taxonomy = false;
    for (const row of rows) {
      const seq = Number(row.seq);
      this.holes.delete(seq);
      for (let missed = this.lastSeq + 1; missed < seq; missed++) this.holes.set(missed, now);
      if (seq > this.lastSeq) this.lastSeq = seq;
      if (row.tbl === "taxonomy") taxonomy = true;
      else
        for (const id of row.ids.slice(1, -1).split(","))
          if (id !== "") (row.tbl === "shops" ? shops : products).add(Number(id));
    }
    if (taxonomy) await this.loadTaxonomy();
    if (shops.size > 0) await this.loadShops([...shops]);
    if (products.size > 0) await this.loadProducts([...products]);
  }

  /** Categories, sub categories, filters and values: a few hundred rows, read whole on any change. */
  private async loadTaxonomy(): Promise<void> {
    const { rows: categories } = await sql<{ id: number }>`SELECT id FROM categories`.execute(this.db);
    const { rows: subs } = await sql<{ id: number }>`SELECT id FROM sub_categories`.execute(this.db);
    const { rows: values } = await sql<{
      id: number;
      name: string;
      filter_id: number;
      filter_name: string;
      sub_category_id: number;
    }>`
      SELECT v.id, v.name, f.id AS filter_id, f.name AS filter_name, f.sub_category_id
      FROM filter_values v JOIN filters f ON f.id = v.filter_id`.execute(this.db);
    this.categoryIds.clear();
    for (const row of categories) this.categoryIds.add(row.id);
    this.subCategoryIds.clear();
    for (const row of subs) this.subCategoryIds.add(row.id);
    this.taxonomyValues.clear();
    this.valuesBySub.clear();
    for (const row of values) {
      const value = { id: row.id, name: row.name, filterId: row.filter_id, filterName: row.filter_name };
      this.taxonomyValues.set(value.id, value);
      const list = this.valuesBySub.get(row.sub_category_id);
      if (list) list.push(value);
      else this.valuesBySub.set(row.sub_category_id, [value]);
    }
  }

  /**
   * Moves whenever the index applies a product change (after fresh()): what was worked out from the
   * products while it read the same still holds (kept search answers, product-repository.ts).
   */
  productVersion(): number {
    return this.productChanges;
  }

  /** Whether the category exists (after fresh()). */
  hasCategory(id: number): boolean {
    return this.categoryIds.has(id);
  }

  /** Whether the sub category exists (after fresh()). */
  hasSubCategory(id: number): boolean {
    return this.subCategoryIds.has(id);
  }

  /** The filter a value belongs to, or undefined for no such value (after fresh()). */
  filterOf(valueId: number): number | undefined {
    return this.taxonomyValues.get(valueId)?.filterId;
  }

  /**
   * The filters facet of a browse's value counts, by filter id then value id. Listed: every value
   * with a count, the chosen ones, and (with a sub category) every value of its filters.
   */
  filterFacets(
    counts: readonly [number, number, number][],
    chosen: readonly { valueId: number }[],
    subCategoryId: number | undefined,
  ): FilterFacet[] {
    const countOf = new Map<number, number>();
    const shown = new Set<TaxonomyValue>();
    const show = (id: number) => {
      const value = this.taxonomyValues.get(id);
      if (value) shown.add(value);
    };
    for (const [, valueId, n] of counts) {
      countOf.set(valueId, n);
      show(valueId);
    }
    for (const { valueId } of chosen) show(valueId);
    if (subCategoryId !== undefined)
      for (const value of this.valuesBySub.get(subCategoryId) ?? []) shown.add(value);
    const facets: FilterFacet[] = [];
    for (const value of [...shown].sort((a, b) => a.filterId - b.filterId || a.id - b.id)) {
      let filter = facets.at(-1);
      if (filter?.filter_id !== value.filterId) {
        filter = { filter_id: value.filterId, filter_name: value.filterName, values: [] };
        facets.push(filter);
      }
      filter.values.push({ value_id: value.id, value_name: value.name, count: countOf.get(value.id) ?? 0 });
    }
    return facets;
  }

  private async loadAll(): Promise<void> {
    // The log's end first: a change committed while loading is applied again at the next look.
    const { rows } = await sql<{ seq: string | number | null }>`
      SELECT max(seq) AS seq FROM catalogue_changes`.execute(this.db);
    this.items.clear();
    this.shops.clear();
    this.shopList.length = 0;
    this.holes.clear();
    this.lastSeq = Number(rows[0]?.seq ?? 0);
    await this.loadTaxonomy();
    await this.loadShops(undefined);
    await this.loadProducts(undefined);
    this.loaded = true;
  }

  private async loadShops(ids: number[] | undefined): Promise<void> {
    const { rows } = await sql<{
      id: number;
      owner_id: number;
      district: string | null;
      verified: boolean;
      lat: number | null;
      lng: number | null;
    }>`
      SELECT id, owner_id, district, verification_status = 'VERIFIED' AS verified,
        location_latitude AS lat, location_longitude AS lng
      FROM shops ${ids ? sql`WHERE id = ANY(${ids}::int[])` : sql``}`.execute(this.db);
    for (const row of rows) {
      const shop = this.shopOf(row.id);
      shop.ownerId = row.owner_id;
      shop.district = row.district;
      shop.verified = row.verified;
      shop.lat = row.lat === null ? null : Number(row.lat);
      shop.lng = row.lng === null ? null : Number(row.lng);
    }
  }

  /** A shop's object (a deleted shop takes its products with it; its object stays, unused). */
  private shopOf(id: number): Shop {
    let shop = this.shops.get(id);
    if (!shop) {
      shop = {
        slot: this.shopList.length,
        ownerId: 0,
        district: null,
        verified: false,
        lat: null,
        lng: null,
        dist: 0,
        tally: 0,
        items: [],
        stocked: 0,
        priceMin: 0,
        priceMax: 0,
        valueCounts: new Map(),
      };
      this.shops.set(id, shop);
      this.shopList.push(shop);
    }
    return shop;
  }

  /** A value's slot (and its filter's), given on first sight. */
  private slotOf(valueId: number, filterId: number): number {
    let slot = this.valueSlots.get(valueId);
    if (slot === undefined) {
      slot = this.valueIds.length;
      this.valueSlots.set(valueId, slot);
      this.valueIds.push(valueId);
      let filterSlot = this.filterSlots.get(filterId);
      if (filterSlot === undefined) {
        filterSlot = this.filterIds.length;
        this.filterSlots.set(filterId, filterSlot);
        this.filterIds.push(filterId);
      }
      this.filterSlotOf.push(filterSlot);
    }
    return slot;
  }

  private async loadProducts(ids: number[] | undefined): Promise<void> {
    // Products moderators hid are in no public listing (moderation/).
    const only = ids ? sql`WHERE p.id = ANY(${ids}::int[]) AND NOT p.hidden` : sql`WHERE NOT p.hidden`;
    const { rows } = await sql<{
      id: number;
      category_id: number;
      sub_category_id: number;
      price: string | number;
      stocked: boolean;
      rating: number;
      shop_id: number;
    }>`
      SELECT p.id, p.category_id, p.sub_category_id, p.price, p.in_stock > 0 AS stocked,
        CASE WHEN p.rating_count > 0 THEN p.rating_total::float8 / p.rating_count ELSE 0 END AS rating,
        p.shop_id
      FROM products p ${only}`.execute(this.db);
    const { rows: values } = await sql<{ product_id: number; filter_id: number; value_id: number }>`
      SELECT product_id, filter_id, value_id FROM product_filter_values
      ${ids ? sql`WHERE product_id = ANY(${ids}::int[])` : sql``}`.execute(this.db);
    this.productChanges++;
    // A few changed products are patched into the lists; many (or a load) build them again.
    let patch: { ids: Set<number>; shops: Set<Shop> } | undefined;
    if (ids && this.newest && (this.patch?.ids.size ?? 0) + ids.length <= this.items.size / 16) {
      patch = this.patch ?? { ids: new Set(), shops: new Set() };
      this.patch = patch;
    }
    if (ids)
      for (const id of ids) {
        const old = this.items.get(id);
        if (old) patch?.shops.add(old.shop);
        patch?.ids.add(id);
        this.items.delete(id);
      }
    for (const row of rows) {
      const item: Item = {
        id: row.id,
        category: row.category_id,
        sub: row.sub_category_id,
        price: Number(row.price),
        stocked: row.stocked,
        rating: Number(row.rating),
        shop: this.shopOf(row.shop_id),
        values: [],
      };
      patch?.shops.add(item.shop);
      this.items.set(row.id, item);
    }
    for (const v of values) this.items.get(v.product_id)?.values.push(this.slotOf(v.value_id, v.filter_id));
    if (!patch) {
      this.patch = undefined;
      this.newest = undefined;
      this.byCategory.clear();
      this.bySub.clear();
    }
  }

  /**
   * The changed products out of the lists (newest, per category and sub category, per shop) and their
   * new rows in, each list merged in one pass; the changed products' shops' totals counted again.
   */
  private applyPatch(patch: { ids: Set<number>; shops: Set<Shop> }) {
    const added: Item[] = [];
    for (const id of patch.ids) {
      const item = this.items.get(id);
      if (item) added.push(item);
    }
    added.sort((a, b) => b.id - a.id);
    const merged = (list: Item[], belongs: (item: Item) => boolean) => {
      const out: Item[] = [];
      let j = 0;
      for (const item of list) {
        if (patch.ids.has(item.id)) continue;
        for (; j < added.length && added[j]!.id > item.id; j++) if (belongs(added[j]!)) out.push(added[j]!);
        out.push(item);
      }
      for (; j < added.length; j++) if (belongs(added[j]!)) out.push(added[j]!);
      this.notePatch(list, out, added.filter(belongs), patch.ids);
      return out;
    };
    this.newest = merged(this.newest!, () => true);
    for (const [key, list] of this.byCategory)
      this.byCategory.set(
        key,
        merged(list, (item) => item.category === key),
      );
    for (const [key, list] of this.bySub)
      this.bySub.set(
        key,
        merged(list, (item) => item.sub === key),
      );
    for (const shop of patch.shops)
      this.countShop(
        shop,
        merged(shop.items, (item) => item.shop === shop),
      );
  }

  /** A shop's list (newest first) and its totals. */
  private countShop(shop: Shop, items: Item[]) {
    shop.items = items;
    shop.stocked = 0;
    shop.priceMin = Number.POSITIVE_INFINITY;
    shop.priceMax = Number.NEGATIVE_INFINITY;
    shop.valueCounts = new Map();
    for (const item of items) {
      if (item.stocked) shop.stocked++;
      if (item.price < shop.priceMin) shop.priceMin = item.price;
      if (item.price > shop.priceMax) shop.priceMax = item.price;
      for (const v of item.values) shop.valueCounts.set(v, (shop.valueCounts.get(v) ?? 0) + 1);
    }
  }

  /** The products a scope starts from, newest first. */
  private listOf(ask: BrowseAsk): Item[] {
    if (this.newest && this.patch) {
      this.applyPatch(this.patch);
      this.patch = undefined;
    }
    if (!this.newest) {
      this.newest = [...this.items.values()].sort((a, b) => b.id - a.id);
      const lists = new Map<Shop, Item[]>();
      for (const shop of this.shops.values()) lists.set(shop, []);
      for (const item of this.newest) {
        const list = lists.get(item.shop);
        if (list) list.push(item);
        else lists.set(item.shop, [item]);
      }
      for (const [shop, items] of lists) this.countShop(shop, items);
    }
    const keyed = (map: Map<number, Item[]>, key: number, pick: (item: Item) => number) => {
      let list = map.get(key);
      if (!list) {
        list = this.newest!.filter((item) => pick(item) === key);
        map.set(key, list);
      }
      return list;
    };
    if (ask.subCategoryId !== undefined) return keyed(this.bySub, ask.subCategoryId, (item) => item.sub);
    if (ask.categoryId !== undefined) return keyed(this.byCategory, ask.categoryId, (item) => item.category);
    return this.newest;
  }

  /**
   * Ids and ranks of the products the search words find (their GIN index), kept per words while the
   * index applies no product change: a change committed after the statement read is applied after
   * it was sent, so the kept ranks are those of the change count read before sending it.
   */
  private async ranksOf(words: readonly string[], freshened: Promise<void> | undefined) {
    const key = words.join(" ");
    // Kept ranks are weighed against the index brought up to the request.
    if (this.ranksKept.has(key)) await freshened;
    const kept = this.ranksKept.get(key);
    if (kept && kept.changes === this.productChanges) {
      this.ranksKept.delete(key);
      this.ranksKept.set(key, kept);
      return kept.ranks;
    }
    const changes = this.productChanges;
    const query = sql`to_tsquery('english', ${words.map((w) => `${w}:*`).join(" & ")}::text)`;
    const { rows } = await sql<{ id: number; rank: number }>`
      SELECT id, ts_rank(search_vector, ${query}) AS rank FROM products WHERE search_vector @@ ${query}`.execute(
      this.db,
    );
    const ranks = new Map(rows.map((row) => [row.id, Number(row.rank)]));
    const old = this.ranksKept.get(key);
    if (old) {
      this.ranksKept.delete(key);
      this.ranksKeptIds -= old.ranks.size;
    }
    if (ranks.size > RANKS_KEPT_IDS) return ranks;
    this.ranksKept.set(key, { changes, ranks });
    this.ranksKeptIds += ranks.size;
    for (const [oldest, { ranks: dropped }] of this.ranksKept) {
      if (this.ranksKeptIds <= RANKS_KEPT_IDS) break;
      this.ranksKept.delete(oldest);
      this.ranksKeptIds -= dropped.size;
    }
    return ranks;
  }

  /** A browse's page, count and facets; `fresh: false` when the caller brought the index up already. */
  async find(ask: BrowseAsk, options: { fresh?: boolean } = {}): Promise<BrowseFound> {
    const freshened = options.fresh === false ? undefined : this.fresh();
    const [ranks] = await Promise.all([
      ask.words.length > 0 ? this.ranksOf(ask.words, freshened) : undefined,
      freshened,
    ]);
    const near = ask.near;
    for (const shop of this.shops.values()) {
      shop.tally = 0;
      shop.dist =
        near && shop.lat !== null && shop.lng !== null
          ? kmBetween(near.lat, near.lng, shop.lat, shop.lng)
          : Number.POSITIVE_INFINITY;
    }
    const dist = (item: Item) => item.shop.dist;

    const chosenValue = new Uint8Array(this.valueIds.length + ask.values.length);
    const chosenFilter = new Uint8Array(this.filterSlots.size + ask.values.length);
    let wanted = 0;
    for (const v of ask.values) {
      const slot = this.slotOf(v.valueId, v.filterId);
      chosenValue[slot] = 1;
      const filterSlot = this.filterSlotOf[slot]!;
      if (!chosenFilter[filterSlot]) wanted++;
      chosenFilter[filterSlot] = 1;
    }
    const filterSlotOf = this.filterSlotOf;
    const districts = ask.districts.length > 0 ? new Set(ask.districts) : undefined;
    const { priceMin, priceMax, categoryId, subCategoryId } = ask;

    const shopLevelOnly =
      categoryId === undefined &&
      subCategoryId === undefined &&
      !ranks &&
      priceMin === undefined &&
      priceMax === undefined &&
      !ask.inStock &&
      wanted === 0 &&
      !ask.ids &&
      ask.notOwnerId === undefined &&
      (ask.sort === "newest" || ask.sort === "nearest");
    if (shopLevelOnly) return this.byShops(ask, districts);
    if (!ranks && !ask.ids) {
      const order = this.priceOrderOf(this.listOf(ask));
      // A sub category's list holds one category's products (the one asked, or the answer is empty).
      if (categoryId === undefined || subCategoryId === undefined || order.category === categoryId)
        return this.inPriceOrder(ask, order, districts);
    }

    const matches: Item[] = [];
    let priceLow: number | null = null;
    let priceHigh: number | null = null;
    let verifiedCount = 0;
    let stockedCount = 0;
    const valueCounts = new Int32Array(this.valueIds.length);

    // Each product fails some of the five facet narrowings (price, district, verified, stock, values):
    // none, it matches; one, it counts in that narrowing's own facet only; more, it counts nowhere.
    const PRICE = 1;
    const DISTRICT = 2;
    const VERIFIED = 4;
    const STOCK = 8;
    const VALUES = 16;
    const source = ranks && ranks.size < this.items.size / 4 ? this.byRank(ranks) : this.listOf(ask);
    for (const item of source) {
      if (categoryId !== undefined && item.category !== categoryId) continue;
      if (subCategoryId !== undefined && item.sub !== subCategoryId) continue;
      if (ranks && !ranks.has(item.id)) continue;
      if (ask.ids && item.id > ask.ids.upTo) continue;
      // Every source is newest first: nothing after this is new enough.
      if (ask.ids && item.id <= ask.ids.after) break;
      if (ask.notOwnerId !== undefined && item.shop.ownerId === ask.notOwnerId) continue;
      if (near && !(dist(item) <= near.radiusKm)) continue;
      const shop = item.shop;
      let failed = 0;
      let failures = 0;
      if (
        (priceMin !== undefined && item.price < priceMin) ||
        (priceMax !== undefined && item.price > priceMax)
      ) {
        failed |= PRICE;
        failures++;
      }
      if (districts && (shop.district === null || !districts.has(shop.district))) {
        failed |= DISTRICT;
        failures++;
      }
      if (ask.verified && !shop.verified) {
        failed |= VERIFIED;
        failures++;
      }
      if (ask.inStock && !item.stocked) {
        failed |= STOCK;
        failures++;
      }
      let sat = 0;
      if (wanted > 0) {
        for (const v of item.values) sat += chosenValue[v]!;
        if (sat !== wanted) {
          failed |= VALUES;
          failures++;
        }
      }
      if (failures > 1) continue;
      if (failures === 0) matches.push(item);
      if (failed === 0 || failed === PRICE) {
        if (priceLow === null || item.price < priceLow) priceLow = item.price;
        if (priceHigh === null || item.price > priceHigh) priceHigh = item.price;
      }
      if (failed === 0 || failed === DISTRICT) shop.tally++;
      if ((failed === 0 || failed === VERIFIED) && shop.verified) verifiedCount++;
      if ((failed === 0 || failed === STOCK) && item.stocked) stockedCount++;
      if (failed === 0 || failed === VALUES) {
        // A value counts when the product meets every chosen filter but the value's own.
        for (const v of item.values) {
          const own = chosenFilter[filterSlotOf[v]!]!;
          if (sat - (own & chosenValue[v]!) === wanted - own) valueCounts[v]!++;
        }
      }
    }

    const districtCounts = new Map<string, number>();
    for (const shop of this.shops.values())
      if (shop.tally > 0 && shop.district !== null)
        districtCounts.set(shop.district, (districtCounts.get(shop.district) ?? 0) + shop.tally);
    // The scope's lists are newest first: so are the matches.
    const ordered =
      ask.sort === "newest"
        ? matches.slice(0, ask.skip + ask.size)
        : firstOf(matches, ask.skip + ask.size, comparatorOf(ask.sort, dist, ranks));
    return {
      total: matches.length,
      ids: ordered.slice(ask.skip).map((item) => item.id),
      priceMin: priceLow,
      priceMax: priceHigh,
      districts: districtList(districtCounts),
      verified: verifiedCount,
      inStock: stockedCount,
      valueCounts: this.countsOut(valueCounts),
    };
  }

  /** A scope's list in price order, made once per list (a changed list is a new array). */
  private priceOrderOf(list: Item[]): PriceOrder {
    let order = this.priceOrders.get(list);
    if (order) return order;
    const pending = this.pendingOrders.get(list);
    if (pending) {
      const before =
        this.priceOrders.get(pending.old) ??
        (this.pendingOrders.has(pending.old) ? this.priceOrderOf(pending.old) : undefined);
      if (before) order = this.patchedOrder(before, pending.added, pending.changed);
      this.pendingOrders.delete(list);
    }
    order ??= priceOrderFrom([...list].sort(cheapestFirst));
    this.priceOrders.set(list, order);
    return order;
  }

  /**
   * Notes a patched list's change, so its price order is made from its old list's when next asked
   * (patchedOrder): only the scopes browsed pay for it, and at most PATCHES_KEPT lists back.
   */
  private notePatch(old: Item[], list: Item[], added: Item[], changed: Set<number>) {
    const depth = this.priceOrders.has(old) ? 1 : (this.pendingOrders.get(old)?.depth ?? PATCHES_KEPT) + 1;
    if (depth <= PATCHES_KEPT) this.pendingOrders.set(list, { old, added, changed, depth });
  }

  /**
   * A price order patched: the changed products out and their new rows merged in, its value columns
   * carried over (sorting 100,000 products again after each change would hold the thread for tens
   * of ms).
   */
  private patchedOrder(before: PriceOrder, added: Item[], changed: Set<number>): PriceOrder {
    added.sort(cheapestFirst);
    const items: Item[] = [];
    // Per product of the new order, its index in the old one (-1: a new row).
    const from = new Int32Array(before.items.length + added.length);
    let j = 0;
    for (let i = 0; i < before.items.length; i++) {
      const item = before.items[i]!;
      if (changed.has(item.id)) continue;
      for (; j < added.length && cheapestFirst(added[j]!, item) < 0; j++)
        from[items.push(added[j]!) - 1] = -1;
      from[items.push(item) - 1] = i;
    }
    for (; j < added.length; j++) from[items.push(added[j]!) - 1] = -1;
    const order = priceOrderFrom(items);
    for (const [filterSlot, column] of before.columns) {
      const carried = new Int32Array(items.length);
      for (let o = 0; o < items.length; o++) {
        const i = from[o]!;
        if (i >= 0) carried[o] = column[i]!;
        else for (const v of items[o]!.values) if (this.filterSlotOf[v] === filterSlot) carried[o] = v + 1;
      }
      order.columns.set(filterSlot, carried);
    }
    return order;
  }

  /** Each product's value of a filter in a price order (kept: the last COLUMNS_KEPT filters asked). */
  private columnOf(order: PriceOrder, filterSlot: number): Int32Array {
    let column = order.columns.get(filterSlot);
    if (column) {
      order.columns.delete(filterSlot);
    } else {
      column = new Int32Array(order.items.length);
      const filterSlotOf = this.filterSlotOf;
      for (let i = 0; i < order.items.length; i++)
        for (const v of order.items[i]!.values) if (filterSlotOf[v] === filterSlot) column[i] = v + 1;
      for (const oldest of order.columns.keys()) {
        if (order.columns.size < COLUMNS_KEPT) break;
        order.columns.delete(oldest);
      }
    }
    order.columns.set(filterSlot, column);
    return column;
  }

  /** The positions of a value column holding a value, in order (made once per column). */
  private holdersOf(column: Int32Array): Int32Array {
    let held = this.holders.get(column);
    if (!held) {
      let count = 0;
      for (let i = 0; i < column.length; i++) if (column[i] !== 0) count++;
      held = new Int32Array(count);
      count = 0;
      for (let i = 0; i < column.length; i++) if (column[i] !== 0) held[count++] = i;
      this.holders.set(column, held);
    }
    return held;
  }

  /**
   * A browse over a scope in price order, the pass as find's but over the price range only: outside
   * it a product fails the price, so it counts only in the price facet, whose ends are the first
   * and last products in order passing every other narrowing. A product's values are read from the
   * chosen filters' columns; only a match's are read all (each counts in the filters facet).
   */
  private inPriceOrder(ask: BrowseAsk, order: PriceOrder, districts: Set<string> | undefined): BrowseFound {
    const DISTRICT = 1;
    const VERIFIED = 2;
    const STOCK = 4;
    const VALUES = 8;
    /** Out of the scope: outside the place's radius, or the user's own shop. */
    const OUT = 16;
    const near = ask.near;
    const shops = this.shopList;
    const shopFail = new Uint8Array(shops.length);
    for (const shop of shops) {
      let fail = 0;
      if (
        (near && !(shop.dist <= near.radiusKm)) ||
        (ask.notOwnerId !== undefined && shop.ownerId === ask.notOwnerId)
      )
        fail |= OUT;
      if (districts && (shop.district === null || !districts.has(shop.district))) fail |= DISTRICT;
      if (ask.verified && !shop.verified) fail |= VERIFIED;
      shopFail[shop.slot] = fail;
    }
    const slots = ask.values.map((v) => this.slotOf(v.valueId, v.filterId));
    const chosen = new Uint8Array(this.valueIds.length + 1);
    const filterSlots: number[] = [];
    for (const slot of slots) {
      chosen[slot + 1] = 1;
      const filterSlot = this.filterSlotOf[slot]!;
      if (!filterSlots.includes(filterSlot)) filterSlots.push(filterSlot);
    }
    const columns = filterSlots.map((filterSlot) => this.columnOf(order, filterSlot));
    const wanted = columns.length;
    const { items, price, shop, stocked } = order;
    const n = items.length;
    const inStock = ask.inStock;
    // A product without a value of some chosen filter misses it and has no value of it to count: it
    // counts nowhere but in the price facet. So the pass walks only the products holding a value of
    // the chosen filter fewest products hold (every product when no value is chosen).
    let walk: Int32Array | undefined;
    for (const column of columns) {
      const held = this.holdersOf(column);
      if (!walk || held.length < walk.length) walk = held;
    }
    const walked = walk ? walk.length : n;
    const at = walk ? (x: number) => walk[x]! : (x: number) => x;

    const passes = (i: number) => {
      if (shopFail[shop[i]!] !== 0 || (inStock && stocked[i] === 0)) return false;
      for (let c = 0; c < wanted; c++) if (chosen[columns[c]![i]!] === 0) return false;
      return true;
    };
    let priceLow: number | null = null;
    let priceHigh: number | null = null;
    for (let x = 0; x < walked; x++)
      if (passes(at(x))) {
        priceLow = price[at(x)]!;
        break;
      }
    if (priceLow !== null)
      for (let x = walked - 1; x >= 0; x--)
        if (passes(at(x))) {
          priceHigh = price[at(x)]!;
          break;
        }

    const from = ask.priceMin === undefined ? 0 : searchPrice(price, ask.priceMin, false);
    const to = ask.priceMax === undefined ? n : searchPrice(price, ask.priceMax, true);
    const matches: Item[] = [];
    const tally = new Int32Array(shops.length);
    const valueCounts = new Int32Array(this.valueIds.length);
    let verifiedCount = 0;
    let stockedCount = 0;
    const first = walk ? searchPrice(walk, from, false) : from;
    const last = walk ? searchPrice(walk, to, false) : to;
    for (let x = first; x < last; x++) {
      const i = at(x);
      const s = shop[i]!;
      let failed = shopFail[s]!;
      if (failed & OUT) continue;
      if (inStock && stocked[i] === 0) failed |= STOCK;
      // The chosen filter it misses (-1: none, -2: more than one).
      let missed = -1;
      for (let c = 0; c < wanted; c++)
        if (chosen[columns[c]![i]!] === 0) {
          if (missed !== -1) {
            missed = -2;
            break;
          }
          missed = c;
        }
      if (missed !== -1) failed |= VALUES;
      if (failed === 0) {
        const item = items[i]!;
        matches.push(item);
        tally[s]!++;
        if (shops[s]!.verified) verifiedCount++;
        if (stocked[i] === 1) stockedCount++;
        for (const v of item.values) valueCounts[v]!++;
      } else if (failed === DISTRICT) tally[s]!++;
      else if (failed === VALUES && missed >= 0) {
        // It meets every chosen filter but this one: its value of this one counts.
        const v = columns[missed]![i]!;
        if (v !== 0) valueCounts[v - 1]!++;
      }
    }

    const districtCounts = new Map<string, number>();
    for (const { slot, district } of shops)
      if (tally[slot]! > 0 && district !== null)
        districtCounts.set(district, (districtCounts.get(district) ?? 0) + tally[slot]!);
    // The matches are cheapest first.
    const k = ask.skip + ask.size;
    const ordered =
      ask.sort === "price_asc"
        ? matches.slice(0, k)
        : firstOf(
            matches,
            k,
            comparatorOf(ask.sort, (item) => item.shop.dist, undefined),
          );
    return {
      total: matches.length,
      ids: ordered.slice(ask.skip).map((item) => item.id),
      priceMin: priceLow,
      priceMax: priceHigh,
      districts: districtList(districtCounts),
      verified: verifiedCount,
      inStock: stockedCount,
      valueCounts: this.countsOut(valueCounts),
    };
  }

  /** [filter id, value id, count] of every value counted. */
  private countsOut(counts: ArrayLike<number>): [number, number, number][] {
    const out: [number, number, number][] = [];
    for (let slot = 0; slot < counts.length; slot++)
      if (counts[slot]! > 0)
        out.push([this.filterIds[this.filterSlotOf[slot]!]!, this.valueIds[slot]!, counts[slot]!]);
    return out;
  }

  /**
   * A browse narrowed only by what a shop is (place, district, standing), newest or nearest first:
   * the shops' own totals give the count and the facets, and the page is merged from the shops'
   * lists, without a pass over their products.
   */
  private byShops(ask: BrowseAsk, districts: Set<string> | undefined): BrowseFound {
    this.listOf(ask);
    const near = ask.near;
    const k = ask.skip + ask.size;
    const passing: Shop[] = [];
    const counts = new Int32Array(this.valueIds.length);
    const districtCounts = new Map<string, number>();
    let total = 0;
    let verified = 0;
    let inStock = 0;
    let priceMin: number | null = null;
    let priceMax: number | null = null;
    for (const shop of this.shops.values()) {
      if (shop.items.length === 0 || (near && !(shop.dist <= near.radiusKm))) continue;
      const offDistrict =
        districts !== undefined && (shop.district === null || !districts.has(shop.district));
      const offStanding = ask.verified && !shop.verified;
      if (offDistrict && offStanding) continue;
      const n = shop.items.length;
      if (!offStanding && shop.district !== null)
        districtCounts.set(shop.district, (districtCounts.get(shop.district) ?? 0) + n);
      if (!offDistrict && shop.verified) verified += n;
      if (offDistrict || offStanding) continue;
      passing.push(shop);
      total += n;
      inStock += shop.stocked;
      if (priceMin === null || shop.priceMin < priceMin) priceMin = shop.priceMin;
      if (priceMax === null || shop.priceMax > priceMax) priceMax = shop.priceMax;
      for (const [slot, count] of shop.valueCounts) counts[slot]! += count;
    }
    // Newest first: the newest k of each shop, merged. Nearest: shops by distance, each distance's
    // shops merged newest first, until the page is full.
    const newestOf = (shops: Shop[]) =>
      shops.flatMap((shop) => shop.items.slice(0, k)).sort((a, b) => b.id - a.id);
    let ordered: Item[];
    if (ask.sort === "nearest") {
      passing.sort((a, b) => a.dist - b.dist);
      ordered = [];
      for (let i = 0; i < passing.length && ordered.length < k; ) {
        let j = i + 1;
        while (j < passing.length && passing[j]!.dist === passing[i]!.dist) j++;
        ordered.push(...newestOf(passing.slice(i, j)));
        i = j;
      }
    } else ordered = newestOf(passing);
    return {
      total,
      ids: ordered.slice(ask.skip, k).map((item) => item.id),
      priceMin,
      priceMax,
      districts: districtList(districtCounts),
      verified,
      inStock,
      valueCounts: this.countsOut(counts),
    };
  }

  /** The products the search words found, newest first (when they are few); kept with the ranks. */
  private byRank(ranks: Map<number, number>): Item[] {
    const kept = this.rankedItems.get(ranks);
    if (kept && kept.changes === this.productChanges) return kept.items;
    const found: Item[] = [];
    for (const id of ranks.keys()) {
      const item = this.items.get(id);
      if (item) found.push(item);
    }
    found.sort((a, b) => b.id - a.id);
    this.rankedItems.set(ranks, { changes: this.productChanges, items: found });
    return found;
  }

  /**
   * The page's answers, in the page's order (products.wire), as one JSON array put together by the
   * database: one prepared statement, one row (a row per product costs this process more to read).
   */
  async wires(ids: number[]): Promise<string> {
    if (ids.length === 0) return "[]";
    const { rows } = await prepared<{ results: string }>`
      SELECT '[' || coalesce(string_agg(p.wire, ',' ORDER BY o.ord), '') || ']' AS results
      FROM unnest(${ids}::int[]) WITH ORDINALITY AS o(id, ord) JOIN products p ON p.id = o.id`.execute(
      this.db,
    );
    return rows[0]?.results ?? "[]";
  }
}
