import type { BrowseAsk, BrowseSort } from "./product-finder.js";

// The other way round from browseQueryString: a browse query string (a page's URL, a saved search)
// read back into what it asks. Anything it cannot read is left out, as a hand-edited link deserves.

const SORTS: readonly BrowseSort[] = ["newest", "price_asc", "price_desc", "rating", "nearest", "relevance"];

const positiveId = (raw: string | undefined): number | undefined =>
  raw !== undefined && /^\d{1,9}$/.test(raw) && Number(raw) > 0 ? Number(raw) : undefined;
const wholeUgx = (raw: string | undefined): number | undefined =>
  raw !== undefined && /^\d{1,13}$/.test(raw) ? Number(raw) : undefined;

function decode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, " "));
  } catch {
    return "";
  }
}

/** `near=lat,lng` as a point, or undefined. */
function point(raw: string | undefined): { lat: number; lng: number } | undefined {
  const match = raw === undefined ? null : /^(-?\d{1,3}(?:\.\d+)?),(-?\d{1,3}(?:\.\d+)?)$/.exec(raw.trim());
  if (!match) return undefined;
  const lat = Number(match[1]);
  const lng = Number(match[2]);
  return Math.abs(lat) <= 90 && Math.abs(lng) <= 180 ? { lat, lng } : undefined;
}

/** The browse a query string asks (with or without a leading '?'). */
export function parseBrowseQuery(query: string): BrowseAsk {
  const all = new Map<string, string[]>();
  for (const pair of query.replace(/^\?/, "").split("&")) {
    if (pair === "") continue;
    const at = pair.indexOf("=");
    const name = decode(at < 0 ? pair : pair.slice(0, at));
    const value = at < 0 ? "" : decode(pair.slice(at + 1));
    all.set(name, [...(all.get(name) ?? []), value]);
  }
  const one = (name: string) => all.get(name)?.[0];
  const valueIds = [...new Set((all.get("value") ?? []).map(positiveId).filter((id) => id !== undefined))];
  const districts = [...new Set((all.get("district") ?? []).map((d) => d.trim()).filter(Boolean))];
  const near = point(one("near"));
  const radius = Number(one("radius_km"));
  const sort = SORTS.find((s) => s === one("sort"));
  const page = positiveId(one("page"));
  const pageSize = positiveId(one("page_size"));
  const ask: { -readonly [K in keyof BrowseAsk]: BrowseAsk[K] } = {};
  const categoryId = positiveId(one("category"));
  if (categoryId !== undefined) ask.categoryId = categoryId;
  const subCategoryId = positiveId(one("subcategory"));
  if (subCategoryId !== undefined) ask.subCategoryId = subCategoryId;
  const q = one("q")?.trim();
  if (q) ask.q = q;
  if (valueIds.length > 0) ask.valueIds = valueIds;
  const priceMin = wholeUgx(one("price_min"));
  if (priceMin !== undefined) ask.priceMin = priceMin;
  const priceMax = wholeUgx(one("price_max"));
  if (priceMax !== undefined) ask.priceMax = priceMax;
  if (districts.length > 0) ask.districts = districts;
  if (near !== undefined)
    ask.near = Number.isFinite(radius) && radius > 0 && radius <= 1000 ? { ...near, radiusKm: radius } : near;
  if (one("verified") === "1") ask.verifiedOnly = true;
  if (one("in_stock") === "1") ask.inStockOnly = true;
  if (sort !== undefined && (sort !== "nearest" || near !== undefined)) ask.sort = sort;
  if (page !== undefined && page > 1) ask.page = page;
  if (pageSize !== undefined && pageSize <= 48) ask.pageSize = pageSize;
  return ask;
}
