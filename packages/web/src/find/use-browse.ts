import { type BrowseAsk, browseQueryString, parseBrowseQuery } from "@katale/domain";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import type { Services } from "../app/services.js";
import { useServices } from "../app/services-context.js";

// A listing page's whole state lives in its URL: the path says where (category, sub category,
// search words), the query string every narrowing, the sort and the page, in the browse's own
// spelling. A change pushes a new history entry, so a shared link shows the same and Back undoes.

/** Where a listing is: what its path names. */
export interface BrowseScope {
  readonly categoryId?: number;
  readonly subCategoryId?: number;
  readonly q?: string;
}

/** What the query string narrows by (the scope is the path's). */
export type Narrowing = Omit<BrowseAsk, "categoryId" | "subCategoryId" | "q" | "pageSize">;

/** Keys a change may set to undefined to drop them. */
export type NarrowingChange = { -readonly [K in keyof Narrowing]?: Narrowing[K] | undefined };

/** What the query string `search` narrows by. */
export function narrowingOf(search: string): Narrowing {
  const { categoryId: _c, subCategoryId: _s, q: _q, pageSize: _p, ...read } = parseBrowseQuery(search);
  return read;
}

/** The browse query for `ask` (also filled from a category page's first answers before it renders). */
export function browseQuery({ finder }: Pick<Services, "finder">, ask: BrowseAsk) {
  return queryOptions({ queryKey: ["browse", browseQueryString(ask)], queryFn: () => finder.browse(ask) });
}

/** The narrowing the URL holds, and the step that changes it (a new history entry, page 1). */
export function useNarrowing(): {
  narrowing: Narrowing;
  change: (next: NarrowingChange) => void;
  setPage: (page: number) => void;
  clear: () => void;
} {
  const [params, setParams] = useSearchParams();
  const current = params.toString();
  // The router applies a new URL in a transition: until it has, the page shows what was chosen
  // (a checkbox that flicked back for a moment would look refused).
  const [pending, setPending] = useState<{ readonly from: string; readonly to: Narrowing } | null>(null);
  const read = narrowingOf(current);
  const narrowing = pending !== null && pending.from === current ? pending.to : read;
  // Once the URL has moved on, it alone says (Back to the earlier URL must not bring the choice back).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the URL changes
  useEffect(() => setPending(null), [current]);
  const write = (next: Narrowing) => {
    setPending({ from: current, to: next });
    setParams(browseQueryString(next));
  };
  return {
    narrowing,
    change: (next) => {
      const merged: Narrowing = { ...narrowing, ...next, page: undefined };
      // Nearest needs a point: without one the listing goes back to its default order.
      write(merged.sort === "nearest" && merged.near === undefined ? { ...merged, sort: undefined } : merged);
    },
    setPage: (page) => {
      write({ ...narrowing, page: page <= 1 ? undefined : page });
      window.scrollTo({ top: 0 });
    },
    clear: () =>
      write(narrowing.sort === undefined || narrowing.sort === "nearest" ? {} : { sort: narrowing.sort }),
  };
}

/** Whether anything narrows the listing (the sort and page do not). */
export function isNarrowed(n: Narrowing): boolean {
  return (
    (n.valueIds?.length ?? 0) > 0 ||
    n.priceMin !== undefined ||
    n.priceMax !== undefined ||
    (n.districts?.length ?? 0) > 0 ||
    n.near !== undefined ||
    n.verifiedOnly === true ||
    n.inStockOnly === true
  );
}

/** The browse for a scope and narrowing (null scope: not known yet); the page shown stays while the next loads. */
export function useBrowse(scope: BrowseScope | null, narrowing: Narrowing) {
  const ask: BrowseAsk = { ...narrowing, ...scope };
  return useQuery({
    ...browseQuery(useServices(), ask),
    enabled: scope !== null,
    placeholderData: keepPreviousData,
  });
}
