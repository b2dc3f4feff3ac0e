import { messages, PROMO_GRID_PER_PAGE_NARROW, PROMO_GRID_PER_PAGE_WIDE } from "@katale/domain";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { ProductCard } from "../products/product-card.js";
import { useRememberProduct } from "../products/use-remember-product.js";
import { EmptyState } from "../ui/empty-state.js";
import { ErrorState } from "../ui/error-state.js";
import { Spinner } from "../ui/spinner.js";
import { useNarrow } from "../ui/use-narrow.js";
import { Section } from "./section.js";
import { usePromoGrid } from "./use-promo-grid.js";

/** Products of category 5 (Services), 4 a page wide and 1 narrow, paged forward and back. */
export function PromoGridSection() {
  const narrow = useNarrow();
  const { state, next, previous } = usePromoGrid(
    narrow ? PROMO_GRID_PER_PAGE_NARROW : PROMO_GRID_PER_PAGE_WIDE,
  );
  const remember = useRememberProduct();
  const arrows = (
    <div className="flex gap-2">
      <button
        type="button"
        onClick={previous}
        disabled={state.loading || state.page <= 1}
        aria-label={`${messages.web.previous}: ${messages.home.services}`}
        className="icon-button border border-gray-200 bg-white disabled:opacity-40"
      >
        <ChevronLeft aria-hidden="true" size={20} />
      </button>
      <button
        type="button"
        onClick={next}
        disabled={state.loading || state.items.length === 0}
        aria-label={`${messages.web.next}: ${messages.home.services}`}
        className="icon-button border border-gray-200 bg-white disabled:opacity-40"
      >
        <ChevronRight aria-hidden="true" size={20} />
      </button>
    </div>
  );
  return (
    <Section id="section-promo" title={messages.products.tabServices} action={arrows}>
      {state.page === 0 ? (
        <Spinner />
      ) : state.error !== null && state.items.length === 0 ? (
        <ErrorState error={state.error} />
      ) : state.items.length === 0 ? (
        <EmptyState>{messages.products.noService}</EmptyState>
      ) : (
        <ul aria-live="polite" aria-busy={state.loading} className="grid grid-cols-1 gap-4 md:grid-cols-4">
          {state.items.map((product) => (
            <li key={product.id} className="mx-auto w-full max-w-sm md:max-w-none">
              <ProductCard product={product} onOpen={remember} sizes="(min-width: 768px) 25vw, 384px" />
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
