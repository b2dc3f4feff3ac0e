import type { Product } from "@katale/domain";
import { ProductCard } from "./product-card.js";
import { useRememberProduct } from "./use-remember-product.js";

/**
 * 2 columns, 3 from medium width, 4 from large (spec §2); only products in stock are listed, unless
 * `withOutOfStock` (a browse the shopper narrows, whose count includes them). Cards after the first
 * `priorityCount` are laid out only as they near the screen.
 */
export function ProductGrid({
  products,
  priorityCount = 0,
  withOutOfStock = false,
}: {
  products: readonly Product[];
  priorityCount?: number;
  withOutOfStock?: boolean;
}) {
  const remember = useRememberProduct();
  const listed = withOutOfStock ? products : products.filter((p) => p.inStock > 0);
  return (
    <ul className="grid grid-cols-2 gap-2 sm:gap-4 md:grid-cols-3 lg:grid-cols-4">
      {listed.map((product, i) => (
        <li key={product.id} className={i < priorityCount ? undefined : "card-deferred"}>
          <ProductCard product={product} priority={i < priorityCount} onOpen={remember} />
        </li>
      ))}
    </ul>
  );
}
