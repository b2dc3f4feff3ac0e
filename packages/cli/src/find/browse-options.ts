import { BROWSE_PAGE_SIZE_MAX, BROWSE_SORTS, type BrowseSort } from "@katale/adapters-http/contract";
import { type Command, InvalidArgumentError, Option } from "commander";
import { type IdOrName, parseIdOrName, parsePageNumber } from "../config/option-parsers.js";
import { findCliMessages as text } from "./find-cli-messages.js";

// The options of `katale products browse`, also read after `katale searches save NAME --`: parsed
// here (a bad value is a usage error before any request), names resolved in resolve-browse.ts.

/** One `--filter`: a filter and its value by name or id, or a value's id alone. */
export type FilterRef =
  | { readonly filter: IdOrName; readonly value: IdOrName }
  | { readonly valueId: number };

export interface BrowseOptions {
  readonly category?: IdOrName;
  readonly subcategory?: IdOrName;
  readonly filter?: readonly FilterRef[];
  readonly price?: { readonly min?: number; readonly max?: number };
  readonly district?: readonly string[];
  readonly near?: { readonly lat: number; readonly lng: number };
  readonly radius?: number;
  readonly verified?: boolean;
  readonly inStock?: boolean;
  readonly sort?: BrowseSort;
  readonly query?: string;
  readonly page: number;
  readonly pageSize?: number;
}

const DIGITS = /^\d+$/;

export function parseFilter(value: string, earlier: readonly FilterRef[] = []): FilterRef[] {
  const trimmed = value.trim();
  let ref: FilterRef;
  if (DIGITS.test(trimmed)) ref = { valueId: Number(trimmed) };
  else {
    const at = trimmed.indexOf("=");
    const filter = trimmed.slice(0, at).trim();
    const chosen = trimmed.slice(at + 1).trim();
    if (at < 0 || filter === "" || chosen === "") throw new InvalidArgumentError(text.filterSyntax);
    ref = { filter: parseIdOrName(filter), value: parseIdOrName(chosen) };
  }
  return [...earlier, ref];
}

/** `MIN..MAX`, either end left open; digits with `,` or `_` between thousands. */
export function parsePriceRange(value: string): { min?: number; max?: number } {
  const match = /^\s*([\d,_]*)\s*\.\.\s*([\d,_]*)\s*$/.exec(value);
  const number = (raw: string | undefined) => {
    const digits = (raw ?? "").replace(/[,_]/g, "");
    if (digits === "") return undefined;
    const n = Number(digits);
    if (!/^\d{1,13}$/.test(digits) || !Number.isSafeInteger(n))
      throw new InvalidArgumentError(text.priceSyntax);
    return n;
  };
  if (!match || (match[1] === "" && match[2] === "")) throw new InvalidArgumentError(text.priceSyntax);
  const min = number(match[1]);
  const max = number(match[2]);
  if (min !== undefined && max !== undefined && min > max) throw new InvalidArgumentError(text.priceRange);
  return { ...(min === undefined ? {} : { min }), ...(max === undefined ? {} : { max }) };
}

export function parseNearPoint(value: string): { lat: number; lng: number } {
  const match = /^\s*(-?\d{1,3}(?:\.\d+)?)\s*,\s*(-?\d{1,3}(?:\.\d+)?)\s*$/.exec(value);
  const lat = Number(match?.[1]);
  const lng = Number(match?.[2]);
  if (!match || Math.abs(lat) > 90 || Math.abs(lng) > 180) throw new InvalidArgumentError(text.nearSyntax);
  return { lat, lng };
}

export function parseRadius(value: string): number {
  const trimmed = value.trim();
  const km = /^\d{1,4}(\.\d+)?$/.test(trimmed) ? Number(trimmed) : Number.NaN;
  if (!(km > 0 && km <= 1000)) throw new InvalidArgumentError(text.radiusSyntax);
  return km;
}

function parseBrowsePageSize(value: string): number {
  const trimmed = value.trim();
  const n = DIGITS.test(trimmed) ? Number(trimmed) : Number.NaN;
  if (!(n >= 1 && n <= BROWSE_PAGE_SIZE_MAX))
    throw new InvalidArgumentError(text.pageSize(BROWSE_PAGE_SIZE_MAX));
  return n;
}

const collect = (value: string, earlier: readonly string[] = []) => [...earlier, value];

/** Adds the browse options to `command`. */
export function addBrowseOptions(command: Command): Command {
  return command
    .option("--category <id|name>", "only this category's products", parseIdOrName)
    .option("--subcategory <id|name>", "only this sub category's products", parseIdOrName)
    .option(
      "--filter <name=value>",
      "a filter value of the sub category, or of the category's (e.g. Material=Papyrus, names or ids; a value's id alone); repeatable: values of one filter are OR'ed, different filters AND'ed",
      parseFilter,
    )
    .option("--price <min..max>", "price range in whole UGX (5000..20000, 5000.., ..20000)", parsePriceRange)
    .option("--district <name>", "only shops in this district of Uganda; repeatable (any of them)", collect)
    .option("--near <lat,lng>", "only shops within --radius km of this point", parseNearPoint)
    .option("--radius <km>", "km around --near (default: 10)", parseRadius)
    .option("--verified", "only verified shops")
    .option("--in-stock", "only products in stock")
    .addOption(
      new Option(
        "--sort <order>",
        "the order: newest by default, relevance with --query; nearest needs --near",
      ).choices(BROWSE_SORTS),
    )
    .option("--query <words>", "search words")
    .option("--page <n>", "page to show", parsePageNumber, 1)
    .option(
      "--page-size <n>",
      `products per page, at most ${BROWSE_PAGE_SIZE_MAX} (default: 20)`,
      parseBrowsePageSize,
    );
}

/** What the options cannot say together (a usage error), or null. */
export function browseOptionsProblem(options: BrowseOptions): string | null {
  if (options.radius !== undefined && options.near === undefined) return text.radiusNeedsNear;
  if (options.sort === "nearest" && options.near === undefined) return text.nearestNeedsNear;
  const named = (options.filter ?? []).some((f) => "filter" in f);
  if (named && options.subcategory === undefined && options.category === undefined)
    return text.filterNeedsSubCategory;
  return null;
}
