import {
  type BrowseFacets,
  type BrowseResult,
  formatUgx,
  LISTING_PAGE_SIZE,
  type SavedSearch,
} from "@katale/domain";
import { type Column, renderTable } from "../output/table.js";
import { lines, wrap } from "../output/text.js";
import { renderProductPage } from "../products/product-render.js";
import type { BrowseOptions } from "./browse-options.js";
import { findCliMessages as text } from "./find-cli-messages.js";
import type { BrowseLabels } from "./resolve-browse.js";

// Pure renderers of the find commands: data in, terminal text out.

/** A browse page as `katale products browse` prints it, with what it was asked. */
export interface BrowsePage {
  readonly result: BrowseResult;
  readonly labels: BrowseLabels;
  readonly options: BrowseOptions;
  /** The browse query string without paging (what `searches save` would keep). */
  readonly query: string;
}

/** "UGX 5,000 – UGX 20,000", "from UGX 5,000", "up to UGX 20,000". */
function priceRange(min: number | null | undefined, max: number | null | undefined): string {
  if (min != null && max != null) return `${formatUgx(min)} – ${formatUgx(max)}`;
  if (min != null) return `from ${formatUgx(min)}`;
  return max != null ? `up to ${formatUgx(max)}` : "";
}

/** The heading: what is listed, then what narrows it and the order. */
function heading(page: BrowsePage, width: number): { title: string; details: string[] } {
  const { labels, options } = page;
  const parent = labels.subCategory?.categoryName ?? labels.category?.name;
  const place = labels.subCategory
    ? parent
      ? `${parent} › ${labels.subCategory.name}`
      : labels.subCategory.name
    : (labels.category?.name ?? text.allProducts);
  const title = options.query ? `${place} · "${options.query.trim()}"` : place;
  const narrowing: string[] = [];
  const byFilter = new Map<string, string[]>();
  for (const v of labels.values)
    byFilter.set(v.filter ?? "Value", [...(byFilter.get(v.filter ?? "Value") ?? []), v.value]);
  for (const [filter, values] of byFilter) narrowing.push(`${filter}: ${values.join(" or ")}`);
  if (options.price) narrowing.push(priceRange(options.price.min, options.price.max));
  if (options.district?.length) narrowing.push(options.district.join(" or "));
  if (options.near)
    narrowing.push(`within ${options.radius ?? 10} km of ${options.near.lat},${options.near.lng}`);
  if (options.verified) narrowing.push("verified shops");
  if (options.inStock) narrowing.push("in stock");
  const sort = options.sort ?? (options.query ? "relevance" : "newest");
  narrowing.push(text.sortedBy[sort]);
  return { title, details: wrap(narrowing.join(" · "), width) };
}

/** The facets as lines: each filter's values with counts, the price range, districts, verified, stock. */
export function facetLines(facets: BrowseFacets, width: number): string[] {
  const out: string[] = [];
  const indent = (line: string) => wrap(line, width - 2).map((l) => `  ${l}`);
  for (const filter of facets.filters) {
    const values = filter.values.map((v) => `${v.valueName} (${v.count})`).join(", ");
    out.push(...indent(`${filter.filterName}: ${values}`));
  }
  const price = priceRange(facets.price.min, facets.price.max);
  if (price !== "") out.push(...indent(`${text.price}: ${price}`));
  if (facets.districts.length > 0)
    out.push(
      ...indent(`${text.districts}: ${facets.districts.map((d) => `${d.district} (${d.count})`).join(", ")}`),
    );
  out.push(...indent(`${text.verifiedShops}: ${facets.verified} · ${text.inStock}: ${facets.inStock}`));
  return out;
}

/** `katale products browse`: the heading, the page of products, then how to narrow further. */
export function renderBrowsePage(page: BrowsePage, width: number): string {
  const pageSize = page.options.pageSize ?? LISTING_PAGE_SIZE;
  return lines(
    renderProductPage(page.result.page, pageSize, width, heading(page, width)).trimEnd(),
    "",
    text.narrowFurther,
    facetLines(page.result.facets, width),
  );
}

/** What `--json` prints for a browse: the page, its facets and the query string. */
export function browseJson(page: BrowsePage): unknown {
  return { query: page.query, ...page.result.page, facets: page.result.facets };
}

const savedColumns: readonly Column<SavedSearch>[] = [
  { header: "Id", value: (s) => String(s.id), align: "right" },
  { header: "Name", value: (s) => s.name, shrink: true, minWidth: 10 },
  { header: "Query", value: (s) => s.query || "(everything)", shrink: true, minWidth: 16, weight: 2 },
  { header: "Saved", value: (s) => s.createdAt.slice(0, 10) },
];

/** `katale searches list`. */
export function renderSavedSearches(searches: readonly SavedSearch[], width: number): string {
  if (searches.length === 0) return lines(text.noSavedSearches);
  return lines(renderTable(savedColumns, searches, width));
}
