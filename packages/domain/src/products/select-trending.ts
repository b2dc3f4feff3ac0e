import { TRENDING_COUNT } from "../constants.js";
import type { Product } from "./product.js";
import { capPerShop } from "./shop-spread.js";

/**
 * Trending among the products given, where no engagement over time is known (the in-memory service):
 * the products most people rated, then the best rated, then the order given, at most two of a shop.
 * The shop service ranks its own Trending by recent engagement (product/trending/).
 */
export function selectTrending(products: readonly Product[], count: number = TRENDING_COUNT): Product[] {
  const ranked = products
    .map((product, index) => ({ product, index }))
    .sort(
      (a, b) =>
        b.product.numberOfUsersRated - a.product.numberOfUsersRated ||
        b.product.averageRating - a.product.averageRating ||
        a.index - b.index,
    )
    .map(({ product }) => product);
  return capPerShop(ranked, count);
}
