import type { BrowseAsk, BrowseSort } from "@katale/domain";

// What the filter view (`f`) of a listing chooses: filter values, a price range, shops and a sort.

export interface Narrowing {
  readonly valueIds: readonly number[];
  readonly priceMin?: number;
  readonly priceMax?: number;
  readonly verifiedOnly: boolean;
  readonly inStockOnly: boolean;
  readonly sort: BrowseSort;
}

export const NO_NARROWING: Narrowing = {
  valueIds: [],
  verifiedOnly: false,
  inStockOnly: false,
  sort: "newest",
};

/** The sorts the terminal offers (nearest needs a place, relevance search words). */
export const LISTING_SORTS: readonly BrowseSort[] = ["newest", "price_asc", "price_desc", "rating"];

/** The browse's part of the narrowing. */
export function askOf(narrowing: Narrowing): BrowseAsk {
  return {
    ...(narrowing.valueIds.length > 0 ? { valueIds: narrowing.valueIds } : {}),
    ...(narrowing.priceMin !== undefined ? { priceMin: narrowing.priceMin } : {}),
    ...(narrowing.priceMax !== undefined ? { priceMax: narrowing.priceMax } : {}),
    ...(narrowing.verifiedOnly ? { verifiedOnly: true } : {}),
    ...(narrowing.inStockOnly ? { inStockOnly: true } : {}),
    ...(narrowing.sort !== "newest" ? { sort: narrowing.sort } : {}),
  };
}

/** How many things are chosen (the title's "2 filters"). */
export function chosenCount(narrowing: Narrowing): number {
  return (
    narrowing.valueIds.length +
    (narrowing.priceMin !== undefined || narrowing.priceMax !== undefined ? 1 : 0) +
    (narrowing.verifiedOnly ? 1 : 0) +
    (narrowing.inStockOnly ? 1 : 0) +
    (narrowing.sort !== "newest" ? 1 : 0)
  );
}

export function toggled(narrowing: Narrowing, valueId: number): Narrowing {
  const has = narrowing.valueIds.includes(valueId);
  return {
    ...narrowing,
    valueIds: has ? narrowing.valueIds.filter((id) => id !== valueId) : [...narrowing.valueIds, valueId],
  };
}

/** A typed price: whole UGX (`,` and `_` between thousands), blank for none; null when it is not one. */
export function parseTypedPrice(text: string): number | undefined | null {
  const digits = text.trim().replace(/[,_\s]/g, "");
  if (digits === "") return undefined;
  return /^\d{1,13}$/.test(digits) ? Number(digits) : null;
}
