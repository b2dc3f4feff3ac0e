import { LISTING_PAGE_SIZE, messages, type Page, type Product, pageCount } from "@katale/domain";
import { ProductGrid } from "../products/product-grid.js";
import { EmptyState } from "../ui/empty-state.js";
import { Pager } from "../ui/pager.js";

/** A listing page's products: grid and pager, or 'No products'. */
export function ListingResults({
  products,
  onPage,
  busy,
}: {
  products: Page<Product>;
  onPage: (page: number) => void;
  busy: boolean;
}) {
  if (products.items.length === 0) return <EmptyState>{messages.products.noProducts}</EmptyState>;
  return (
    <div aria-busy={busy}>
      <ProductGrid products={products.items} priorityCount={4} />
      <Pager
        page={products.page}
        pageCount={pageCount(products.count, LISTING_PAGE_SIZE)}
        onPage={onPage}
        disabled={busy}
      />
    </div>
  );
}
