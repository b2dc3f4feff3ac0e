import { messages } from "@katale/domain";
import { ProductGrid } from "../products/product-grid.js";
import { EmptyState } from "../ui/empty-state.js";
import { ErrorState } from "../ui/error-state.js";
import { Spinner } from "../ui/spinner.js";
import { ScrollSentinel } from "./scroll-sentinel.js";
import { useForYouFeed } from "./use-home.js";

/** 'For you': all products, 8 more each time the end of the list comes into view, until none are left. */
export function ForYouFeed() {
  const { state, loadMore } = useForYouFeed();
  return (
    <div>
      <ProductGrid products={state.items} />
      {state.done && state.items.length === 0 && <EmptyState>{messages.products.noProducts}</EmptyState>}
      {state.loading && <Spinner />}
      {state.error !== null && !state.loading && <ErrorState error={state.error} onRetry={loadMore} />}
      {state.done && state.items.length > 0 && (
        <p className="py-6 text-center text-sm text-gray-500">{messages.products.noMoreProducts}</p>
      )}
      <ScrollSentinel
        onVisible={loadMore}
        version={state.items.length}
        disabled={state.done || state.error !== null}
      />
    </div>
  );
}
