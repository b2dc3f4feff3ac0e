import { TRENDING_COUNT } from "../constants.js";
import type { Product } from "./product.js";

/**
 * Trending is not defined by the spec; we take the products most people rated, then the best rated,
 * then the newest (the order the service lists them in), among those given.
 */
export function selectTrending(products: readonly Product[], count: number = TRENDING_COUNT): Product[] {
  return products
    .map((product, index) => ({ product, index }))
    .sort(
      (a, b) =>
        b.product.numberOfUsersRated - a.product.numberOfUsersRated ||
        b.product.averageRating - a.product.averageRating ||
        a.index - b.index,
    )
    .slice(0, count)
    .map(({ product }) => product);
}
