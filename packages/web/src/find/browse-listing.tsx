import {
  type BrowseSort,
  browseQueryString,
  errorMessage,
  findMessages,
  LISTING_PAGE_SIZE,
  messages,
  pageCount,
} from "@katale/domain";
import { SlidersHorizontal } from "lucide-react";
import { type ReactNode, useId, useState } from "react";
import { ProductGrid } from "../products/product-grid.js";
import { ModalDialog } from "../ui/dialog.js";
import { EmptyState } from "../ui/empty-state.js";
import { ErrorState } from "../ui/error-state.js";
import { inputClass } from "../ui/field.js";
import { Pager } from "../ui/pager.js";
import { Spinner } from "../ui/spinner.js";
import { useNarrow } from "../ui/use-media-query.js";
import { chipsOf, FilterChips } from "./filter-chips.js";
import { FilterPanel } from "./filter-panel.js";
import { SaveSearchButton } from "./save-search-button.js";
import { type BrowseScope, isNarrowed, type NarrowingChange, useBrowse, useNarrowing } from "./use-browse.js";

const text = findMessages;

export interface BrowseListingProps {
  /** Where the listing is (null while the page works it out from its path). */
  readonly scope: BrowseScope | null;
  /** The name a saved search starts with: the page's title. */
  readonly title: string;
  /** What shows instead of 'No products' when nothing is narrowed and nothing matches. */
  readonly emptyNote?: ReactNode;
  /** An empty, unnarrowed listing keeps its spinner meanwhile (the sub category's first 3 s). */
  readonly holdEmpty?: boolean;
}

/**
 * A listing narrowed as its URL says: the filter panel (a sidebar on wide screens, a bottom sheet
 * behind "Filter" on phones), the sort, chips of what is chosen, the products and the pager, and
 * "Save this search". Products come from product/browse/.
 */
export function BrowseListing({ scope, title, emptyNote, holdEmpty = false }: BrowseListingProps) {
  const narrow = useNarrow();
  const { narrowing, change, setPage, clear } = useNarrowing();
  const browse = useBrowse(scope, narrowing);
  const [sheet, setSheet] = useState(false);
  const result = browse.data;
  const facets = result?.ok ? result.value.facets : undefined;
  const chips = chipsOf(narrowing, facets);
  const panel = <FilterPanel facets={facets} narrowing={narrowing} change={change} />;
  const query = browseQueryString({ ...scope, ...narrowing, page: undefined });
  const count = result?.ok ? result.value.page.count : undefined;

  const holding =
    result?.ok === true && result.value.page.items.length === 0 && holdEmpty && !isNarrowed(narrowing);
  let products: ReactNode;
  if (result === undefined || scope === null || holding) products = <Spinner />;
  else if (!result.ok)
    products =
      result.error.kind === "invalid-page" ? (
        <EmptyState>{messages.products.noProducts}</EmptyState>
      ) : (
        <ErrorState message={errorMessage(result.error)} onRetry={() => browse.refetch()} />
      );
  else if (result.value.page.items.length === 0)
    products = isNarrowed(narrowing) ? (
      <div role="status" className="rounded-lg bg-white px-4 py-6 text-center text-gray-700">
        <p className="font-medium">{text.noMatch}</p>
        <p className="mt-1 mb-3 text-sm">{text.loosen}</p>
        <div className="flex justify-center">
          <FilterChips chips={chips} change={change} />
        </div>
      </div>
    ) : (
      (emptyNote ?? <EmptyState>{messages.products.noProducts}</EmptyState>)
    );
  else
    products = (
      <div aria-busy={browse.isPlaceholderData}>
        <ProductGrid products={result.value.page.items} priorityCount={4} withOutOfStock />
        <Pager
          page={result.value.page.page}
          pageCount={pageCount(result.value.page.count, LISTING_PAGE_SIZE)}
          onPage={setPage}
          disabled={browse.isPlaceholderData}
        />
      </div>
    );

  return (
    <div className="flex gap-6">
      {!narrow && (
        <aside aria-label={text.filters} className="w-64 shrink-0">
          <div className="sticky top-20 max-h-[calc(100dvh-6rem)] overflow-y-auto rounded-xl bg-white p-4 ring-1 ring-gray-200">
            <h2 className="mb-3 text-base font-semibold">{text.filters}</h2>
            {panel}
          </div>
        </aside>
      )}
      <div className="flex min-w-0 flex-1 flex-col gap-3">
        <div className="flex flex-wrap items-center gap-2">
          {narrow && (
            <button
              type="button"
              className="btn-secondary"
              aria-haspopup="dialog"
              onClick={() => setSheet(true)}
            >
              <SlidersHorizontal aria-hidden="true" size={18} />
              {text.filter}
              {chips.length > 0 && (
                <span className="rounded-full bg-brand-700 px-1.5 text-xs text-white">{chips.length}</span>
              )}
            </button>
          )}
          <SortSelect
            sort={narrowing.sort}
            withQ={scope?.q !== undefined}
            withNear={narrowing.near !== undefined}
            onChange={(sort) => change({ sort })}
          />
          <div className="flex w-full items-center justify-between gap-2 md:w-auto md:flex-1">
            <SaveSearchButton query={query} suggestedName={title} />
            {count !== undefined && !holding && (
              <p className="text-sm text-gray-600" aria-live="polite">
                {text.resultCount(count)}
              </p>
            )}
          </div>
        </div>
        <FilterChips chips={chips} change={change} clear={clear} />
        {products}
      </div>
      {narrow && sheet && (
        <FilterSheet
          count={count}
          onClose={() => setSheet(false)}
          chips={chips}
          change={change}
          clear={clear}
        >
          {panel}
        </FilterSheet>
      )}
    </div>
  );
}

function SortSelect({
  sort,
  withQ,
  withNear,
  onChange,
}: {
  sort: BrowseSort | undefined;
  withQ: boolean;
  withNear: boolean;
  onChange: (sort: BrowseSort | undefined) => void;
}) {
  const id = useId();
  const fallback: BrowseSort = withQ ? "relevance" : "newest";
  const sorts: BrowseSort[] = [
    ...(withQ ? (["relevance"] as const) : []),
    "newest",
    "price_asc",
    "price_desc",
    "rating",
    ...(withNear ? (["nearest"] as const) : []),
  ];
  return (
    <div className="flex min-w-0 flex-1 items-center gap-2 md:flex-none">
      <label htmlFor={id} className="whitespace-nowrap text-sm text-gray-700 max-md:sr-only">
        {text.sortBy}
      </label>
      <select
        id={id}
        className={`${inputClass} md:w-auto`}
        value={sort ?? fallback}
        onChange={(event) => {
          const next = event.target.value as BrowseSort;
          onChange(next === fallback ? undefined : next);
        }}
      >
        {sorts.map((s) => (
          <option key={s} value={s}>
            {text.sorts[s]}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The filter panel as a bottom sheet (phones): changes apply at once; the button closes it. */
function FilterSheet({
  count,
  onClose,
  chips,
  change,
  clear,
  children,
}: {
  count: number | undefined;
  onClose: () => void;
  chips: ReturnType<typeof chipsOf>;
  change: (next: NarrowingChange) => void;
  clear: () => void;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <ModalDialog
      labelledBy={titleId}
      onClose={onClose}
      className="mx-0 mt-auto mb-0 flex max-h-[85dvh] w-full max-w-none flex-col rounded-t-2xl bg-white p-0 text-gray-900 shadow-xl backdrop:bg-black/50"
    >
      <div className="flex items-center justify-between border-b border-gray-200 px-4 py-3">
        <h2 id={titleId} className="text-lg font-semibold">
          {text.filters}
        </h2>
        {chips.length > 0 && (
          <button type="button" className="btn-link" onClick={clear}>
            {text.clearAll}
          </button>
        )}
      </div>
      <div className="flex-1 overflow-y-auto px-4 py-4">
        <div className="mb-4">
          <FilterChips chips={chips} change={change} />
        </div>
        {children}
      </div>
      <div className="border-t border-gray-200 p-3">
        <button type="button" className="btn-primary w-full" data-autofocus onClick={onClose}>
          {count === undefined ? text.filters : text.showResults(count)}
        </button>
      </div>
    </ModalDialog>
  );
}
