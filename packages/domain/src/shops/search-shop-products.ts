import type { Product } from "../products/product.js";

/** "Search within shop": product name or description contains the text, any case; blank shows all. */
export function searchShopProducts(products: readonly Product[], query: string): Product[] {
  const wanted = query.trim().toLowerCase();
  if (wanted === "") return [...products];
  return products.filter(
    (p) => p.name.toLowerCase().includes(wanted) || p.description.toLowerCase().includes(wanted),
  );
}
