import { formatUgx, type Product } from "@katale/domain";
import { ratingCell, shopLabel } from "../../output/formatting.js";
import { padEnd, padStart, truncate } from "../../output/text.js";

// A product as one list line: name, 'UGX 15,000', rating, shop with its verified tick.

const PRICE = 13;
const RATING = 11;

export function productLine(product: Product, width: number, withShop = true): string {
  // The list's marker and space take 2 columns.
  const room = Math.max(20, width - 2);
  const shopWidth = withShop ? Math.min(22, Math.floor(room / 4)) : 0;
  const nameWidth = Math.max(8, room - PRICE - RATING - shopWidth - (withShop ? 3 : 2));
  const parts = [
    padEnd(truncate(product.name, nameWidth), nameWidth),
    padStart(formatUgx(product.price), PRICE),
    padEnd(ratingCell(product.averageRating, product.numberOfUsersRated), RATING),
  ];
  if (withShop) parts.push(shopLabel(product.shopName, product.shopVerificationStatus, shopWidth));
  return parts.join(" ");
}
