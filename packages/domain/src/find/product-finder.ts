import type { Page } from "../page.js";
import type { Product } from "../products/product.js";
import type { Result } from "../result.js";

// Finding products: one browse for every narrowed listing, with its facets, and the searches a user
// saves. The browse's query string is the page's state (web URLs, saved searches, the CLI's options):
// browseQueryString writes it, in one spelling.

export type BrowseSort = "newest" | "price_asc" | "price_desc" | "rating" | "nearest" | "relevance";

/** What a shopper narrows by; everything optional. */
export interface BrowseAsk {
  readonly categoryId?: number;
  readonly subCategoryId?: number;
  /** Search words. */
  readonly q?: string;
  /** Filter value ids: values of one filter are OR'ed, different filters AND'ed. */
  readonly valueIds?: readonly number[];
  /** Whole UGX, inclusive. */
  readonly priceMin?: number;
  readonly priceMax?: number;
  readonly districts?: readonly string[];
  /** Shops within radiusKm (default 10) of the point. */
  readonly near?: { readonly lat: number; readonly lng: number; readonly radiusKm?: number };
  readonly verifiedOnly?: boolean;
  readonly inStockOnly?: boolean;
  /** newest by default, relevance with q; nearest needs near. */
  readonly sort?: BrowseSort;
  readonly page?: number;
  /** At most 48. */
  readonly pageSize?: number;
}

/** Counts beside a browse page: each applies every other narrowing but its own. */
export interface BrowseFacets {
  readonly filters: readonly {
    readonly filterId: number;
    readonly filterName: string;
    readonly values: readonly {
      readonly valueId: number;
      readonly valueName: string;
      readonly count: number;
    }[];
  }[];
  readonly price: { readonly min: number | null; readonly max: number | null };
  readonly districts: readonly { readonly district: string; readonly count: number }[];
  readonly verified: number;
  readonly inStock: number;
}

export interface BrowseResult {
  readonly page: Page<Product>;
  readonly facets: BrowseFacets;
}

export interface SavedSearch {
  readonly id: number;
  readonly name: string;
  /** A browse query string (browseQueryString). */
  readonly query: string;
  /** ISO 8601. */
  readonly createdAt: string;
}

export interface ProductFinder {
  browse(ask: BrowseAsk): Promise<Result<BrowseResult>>;
  /** At most 20 per user. */
  saveSearch(token: string, name: string, query: string): Promise<Result<SavedSearch>>;
  /** Newest first. */
  listSavedSearches(token: string): Promise<Result<SavedSearch[]>>;
  /** 'not-found' for an unknown id or another user's. */
  deleteSavedSearch(token: string, id: number): Promise<Result<void>>;
}

/** The browse's query string (no '?'), parameters in one order, defaults left out. */
export function browseQueryString(ask: BrowseAsk): string {
  const pairs: string[] = [];
  const set = (name: string, value: string | number | undefined) => {
    if (value !== undefined) pairs.push(`${name}=${encodeURIComponent(String(value))}`);
  };
  set("category", ask.categoryId);
  set("subcategory", ask.subCategoryId);
  set("q", ask.q?.trim() || undefined);
  for (const id of ask.valueIds ?? []) set("value", id);
  set("price_min", ask.priceMin);
  set("price_max", ask.priceMax);
  for (const district of ask.districts ?? []) set("district", district);
  if (ask.near) {
    set("near", `${ask.near.lat},${ask.near.lng}`);
    set("radius_km", ask.near.radiusKm);
  }
  if (ask.verifiedOnly) set("verified", 1);
  if (ask.inStockOnly) set("in_stock", 1);
  set("sort", ask.sort);
  if (ask.page !== undefined && ask.page !== 1) set("page", ask.page);
  set("page_size", ask.pageSize);
  return pairs.join("&");
}
