import { messages } from "@katale/domain";
import { useSession } from "../auth/use-session.js";
import { ProductCardSkeleton } from "../products/product-card.js";
import { ProductGrid } from "../products/product-grid.js";
import { EmptyState } from "../ui/empty-state.js";
import { ErrorState } from "../ui/error-state.js";
import { useFollowedShopsProducts } from "./use-home.js";

/** The signed-in user's 'Following': the in-stock products of the shops they follow. */
function FollowedShopsProducts() {
  const query = useFollowedShopsProducts();
  if (query.data === undefined) {
    return (
      <ul aria-busy="true" className="grid grid-cols-2 gap-2 sm:gap-4 md:grid-cols-3 lg:grid-cols-4">
        {[0, 1, 2, 3].map((i) => (
          <li key={i}>
            <ProductCardSkeleton />
          </li>
        ))}
      </ul>
    );
  }
  if (!query.data.ok) return <ErrorState error={query.data.error} onRetry={() => query.refetch()} />;
  const products = query.data.value.filter((product) => product.inStock > 0);
  if (products.length === 0) return <EmptyState>{messages.home.noFollowedProducts}</EmptyState>;
  return <ProductGrid products={products} />;
}

/** Home 'Following' (spec §2): a visitor is asked to log in first; nothing is requested for them. */
export function FollowingFeed() {
  const { loggedIn } = useSession();
  if (!loggedIn) return <EmptyState>{messages.common.loginToViewProducts}</EmptyState>;
  return <FollowedShopsProducts />;
}
