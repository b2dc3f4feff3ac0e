import {
  type BrowseHistory,
  COMMENTS_PER_PAGE,
  type Comment,
  type FollowRecord,
  formatDate,
  messages,
  type Page,
  pageCount,
  type RatingOutcome,
  reviewCount,
  type SavedProducts,
  type ShopFollowers,
  storedRating,
} from "@katale/domain";
import { starBar } from "../output/formatting.js";
import { type Column, renderTable } from "../output/table.js";
import { lines, truncate, wrap } from "../output/text.js";
import { productTable } from "../products/product-render.js";

// Pure renderers and parsers for saving, following, rating, reviewing and the history.

const STARS = /^\d+(\.\d+)?$/;

/** `katale rate`'s STARS: 0 to 5 in half steps ("3", "3.5", "4.0"), else null. */
export function parseStars(value: string): number | null {
  const trimmed = value.trim();
  if (!STARS.test(trimmed)) return null;
  const stars = Number(trimmed);
  return storedRating(stars).ok ? stars : null;
}

/** "3 products", "1 product". */
function productsCount(count: number): string {
  return `${count} ${count === 1 ? "product" : "products"}`;
}

/** `katale saved`: the wishlist as a table, or its empty state. */
export function renderSavedProducts(saved: SavedProducts, width: number): string {
  if (saved.items.length === 0) return lines(messages.account.noWishlistProducts);
  return lines(
    messages.account.savedItems,
    "",
    productTable(
      saved.items.map((entry) => entry.product),
      width,
    ),
    "",
    productsCount(saved.total),
  );
}

/** `katale saved add|remove`: what happened to which product. */
export function renderSaveChange(change: { readonly message: string; readonly productName: string }): string {
  return lines(`${change.message}: ${change.productName}`);
}

const followColumns: readonly Column<FollowRecord>[] = [
  { header: "Id", value: (r) => String(r.shop.id), align: "right" },
  { header: "Shop", value: (r) => r.shop.name, shrink: true, minWidth: 10 },
];

/** `katale following`: the shops followed (their ids, for `katale shops show`), or the empty state. */
export function renderFollowedShops(records: readonly FollowRecord[], width: number): string {
  if (records.length === 0) return lines(messages.account.noFollowedShops);
  return lines(messages.account.followedShops, "", renderTable(followColumns, records, width));
}

/** What `katale follow|unfollow` did, and the shop's followers after it (null when unknown). */
export interface FollowChange {
  readonly following: boolean;
  readonly message: string;
  readonly followers: ShopFollowers | null;
}

/** `katale follow|unfollow`: the outcome and the shop's follower count after it. */
export function renderFollowChange(toggle: FollowChange, shopName: string): string {
  const count = toggle.followers?.numberOfFollowers;
  return lines(
    `${toggle.message}: ${shopName}`,
    count === undefined ? null : `${count} ${count === 1 ? "follower" : "followers"}`,
  );
}

/** `katale rate`: the user's stars and the product's new average. */
export function renderRating(outcome: RatingOutcome, productName: string): string {
  const ratings = `${outcome.numberOfUsersRated} ${outcome.numberOfUsersRated === 1 ? "rating" : "ratings"}`;
  return lines(
    `${outcome.message}: ${productName}`,
    `Your rating: ${starBar(outcome.stars)} ${outcome.stars}`,
    `Average:     ${starBar(outcome.averageRating)} ${outcome.averageRating.toFixed(1)} (${ratings})`,
  );
}

/** One review: who, when, and the text as plain text, wrapped and indented. */
function reviewLines(comment: Comment, width: number): string[] {
  const when = formatDate(new Date(comment.dateCommented));
  return [
    truncate(`${comment.commentorName} · ${when} · #${comment.id}`, width),
    ...wrap(comment.comment, width - 2).map((line) => `  ${line}`),
  ];
}

/** `katale review`: the review as posted. */
export function renderReviewAdded(comment: Comment, productName: string, width: number): string {
  return lines(`Review posted on ${productName}`, "", reviewLines(comment, width));
}

/** A page after the first with nothing on it: asked past the last page. */
export function isPastEnd(page: Page<unknown>): boolean {
  return page.page > 1 && page.items.length === 0;
}

/** `katale reviews`: one page of a product's reviews, newest first, and where the next page is. */
export function renderReviews(page: Page<Comment>, productName: string, width: number): string {
  const title = `${messages.web.reviews} · ${truncate(productName, width - 20)}`;
  const heading = `${title} ${reviewCount(page.count)}`;
  if (page.items.length === 0) return lines(heading, "", messages.reviews.noComments);
  const pages = pageCount(page.count, COMMENTS_PER_PAGE);
  const footer = [`Page ${page.page} of ${pages}`];
  if (page.hasNext) footer.push(`next: --page ${page.page + 1}`);
  return lines(
    heading,
    page.items.flatMap((comment) => ["", ...reviewLines(comment, width)]),
    "",
    footer.join(" · "),
  );
}

/** `katale history`: the products viewed, most recent first, or the empty state. */
export function renderHistory(history: BrowseHistory, width: number): string {
  if (history.products.length === 0) return lines(messages.account.noBrowseHistory);
  return lines(
    messages.account.browseHistory,
    "",
    productTable(history.products, width),
    "",
    productsCount(history.total),
  );
}
