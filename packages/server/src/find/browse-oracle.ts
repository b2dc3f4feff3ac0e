import type { BrowseAnswerWire, BrowseSort } from "@katale/adapters-http/contract";

// The browse call worked out the slow way, for tests: every product of a small catalogue checked
// against every narrowing, facets counted one by one. Test-only.

export interface OracleProduct {
  id: number;
  categoryId: number;
  subCategoryId: number;
  price: number;
  inStock: number;
  /** lower-case words of the name and description */
  words: string[];
  ratingTotal: number;
  ratingCount: number;
  district: string | null;
  verified: boolean;
  lat: number | null;
  lng: number | null;
  /** filter id -> value id */
  values: Map<number, number>;
}

export interface OracleValue {
  filterId: number;
  filterName: string;
  valueId: number;
  valueName: string;
  subCategoryId: number;
}

export interface OracleAsk {
  category?: number;
  subcategory?: number;
  q?: string;
  value: number[];
  price_min?: number;
  price_max?: number;
  district: string[];
  near?: { lat: number; lng: number; radius: number };
  verified: boolean;
  in_stock: boolean;
  sort: BrowseSort;
}

export function kmBetween(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const rad = Math.PI / 180;
  const a =
    Math.sin(((lat2 - lat1) * rad) / 2) ** 2 +
    Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lng2 - lng1) * rad) / 2) ** 2;
  return 12742 * Math.asin(Math.sqrt(a));
}

type Facet = "price" | "district" | "verified" | "stock" | "values";

export function expectedBrowse(
  products: readonly OracleProduct[],
  catalogueValues: readonly OracleValue[],
  ask: OracleAsk,
): { ids: number[]; facets: BrowseAnswerWire["facets"] } {
  const filterOf = new Map(catalogueValues.map((v) => [v.valueId, v.filterId]));
  const chosen = new Map<number, Set<number>>();
  for (const valueId of ask.value) {
    const filterId = filterOf.get(valueId)!;
    chosen.set(filterId, (chosen.get(filterId) ?? new Set()).add(valueId));
  }
  const dist = (p: OracleProduct) =>
    ask.near && p.lat !== null && p.lng !== null ? kmBetween(ask.near.lat, ask.near.lng, p.lat, p.lng) : null;
  const words = ask.q?.toLowerCase().split(/\s+/) ?? [];
  const scope = products.filter((p) => {
    if (ask.category !== undefined && p.categoryId !== ask.category) return false;
    if (ask.subcategory !== undefined && p.subCategoryId !== ask.subcategory) return false;
    if (!words.every((w) => p.words.some((pw) => pw.startsWith(w)))) return false;
    if (ask.near) {
      const d = dist(p);
      if (d === null || d > ask.near.radius) return false;
    }
    return true;
  });
  const satisfies = (p: OracleProduct, filterId: number) =>
    chosen.get(filterId)!.has(p.values.get(filterId) ?? -1);
  const passes = (p: OracleProduct, left?: Facet, leftFilter?: number): boolean =>
    (left === "price" ||
      ((ask.price_min === undefined || p.price >= ask.price_min) &&
        (ask.price_max === undefined || p.price <= ask.price_max))) &&
    (left === "district" ||
      ask.district.length === 0 ||
      (p.district !== null && ask.district.includes(p.district))) &&
    (left === "verified" || !ask.verified || p.verified) &&
    (left === "stock" || !ask.in_stock || p.inStock > 0) &&
    [...chosen.keys()].every(
      (filterId) => (left === "values" && filterId === leftFilter) || satisfies(p, filterId),
    );

  const rating = (p: OracleProduct) => (p.ratingCount > 0 ? p.ratingTotal / p.ratingCount : 0);
  const key: Record<BrowseSort, (a: OracleProduct, b: OracleProduct) => number> = {
    newest: () => 0,
    relevance: () => 0,
    price_asc: (a, b) => a.price - b.price,
    price_desc: (a, b) => b.price - a.price,
    rating: (a, b) => rating(b) - rating(a),
    nearest: (a, b) => dist(a)! - dist(b)!,
  };
  const ids = scope
    .filter((p) => passes(p))
    .sort((a, b) => key[ask.sort](a, b) || b.id - a.id)
    .map((p) => p.id);

  const counted = (left: Facet, also: (p: OracleProduct) => boolean) =>
    scope.filter((p) => passes(p, left) && also(p)).length;
  const priced = scope.filter((p) => passes(p, "price")).map((p) => p.price);
  const districtCounts = new Map<string, number>();
  for (const p of scope) {
    if (p.district !== null && passes(p, "district"))
      districtCounts.set(p.district, (districtCounts.get(p.district) ?? 0) + 1);
  }
  const valueCount = (v: OracleValue) =>
    scope.filter((p) => p.values.get(v.filterId) === v.valueId && passes(p, "values", v.filterId)).length;
  const listed = catalogueValues
    .map((v) => ({ v, count: valueCount(v) }))
    .filter(
      ({ v, count }) => count > 0 || ask.value.includes(v.valueId) || v.subCategoryId === ask.subcategory,
    )
    .sort((a, b) => a.v.filterId - b.v.filterId || a.v.valueId - b.v.valueId);
  const filters: BrowseAnswerWire["facets"]["filters"] = [];
  for (const { v, count } of listed) {
    let filter = filters.at(-1);
    if (filter?.filter_id !== v.filterId) {
      filter = { filter_id: v.filterId, filter_name: v.filterName, values: [] };
      filters.push(filter);
    }
    filter.values.push({ value_id: v.valueId, value_name: v.valueName, count });
  }
  return {
    ids,
    facets: {
      filters,
      price: {
        min: priced.length ? Math.min(...priced) : null,
        max: priced.length ? Math.max(...priced) : null,
      },
      districts: [...districtCounts]
        .map(([district, count]) => ({ district, count }))
        .sort((a, b) => b.count - a.count || (a.district < b.district ? -1 : 1)),
      verified: counted("verified", (p) => p.verified),
      in_stock: counted("stock", (p) => p.inStock > 0),
    },
  };
}
