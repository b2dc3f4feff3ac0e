import { messages, PROMO_GRID_PER_PAGE_NARROW, PROMO_GRID_PER_PAGE_WIDE } from "@katale/domain";
import { ProductCard } from "../products/product-card.js";
import { useRememberProduct } from "../products/use-remember-product.js";
import { ArrowButton } from "../ui/arrow-button.js";
import { EmptyState } from "../ui/empty-state.js";
import { ErrorState } from "../ui/error-state.js";
import { Spinner } from "../ui/spinner.js";
import { useNarrow } from "../ui/use-media-query.js";
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
      <ArrowButton
        direction="previous"
        of={messages.home.services}
        onClick={previous}
        disabled={state.loading || state.page <= 1}
      />
      <ArrowButton
        direction="next"
        of={messages.home.services}
        onClick={next}
        disabled={state.loading || state.items.length === 0}
      />
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
