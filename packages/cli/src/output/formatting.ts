import { isVerified, type Page, pageCount, starFills, type VerificationStatus } from "@katale/domain";
import { truncate } from "./text.js";

// Small pieces of text the renderers share.

export const VERIFIED_MARK = "✓";
export const NONE = "–";

/** "Kikuubo Phone Hub ✓" for a VERIFIED shop; cut to `width` the name gives way, never the tick. */
export function shopLabel(
  name: string,
  status: VerificationStatus | null | undefined,
  width?: number,
): string {
  if (!isVerified(status)) return width === undefined ? name : truncate(name, width);
  return `${width === undefined ? name : truncate(name, width - 2)} ${VERIFIED_MARK}`;
}

/** Table cell: "★ 4.2 (5)", or "–" while nobody has rated. */
export function ratingCell(average: number | null, count?: number): string {
  if (average === null || count === 0) return NONE;
  const rating = `★ ${average.toFixed(1)}`;
  return count === undefined ? rating : `${rating} (${count})`;
}

/** Five stars in half steps: "★★★½☆". */
export function starBar(rating: number): string {
  return starFills(rating)
    .map((fill) => (fill === "full" ? "★" : fill === "half" ? "½" : "☆"))
    .join("");
}

/** "Page 2 of 13 · 100 products · next: --page 3". */
export function pageLine(page: Page<unknown>, pageSize: number): string {
  const pages = pageCount(page.count, pageSize);
  const parts = [
    `Page ${page.page} of ${pages}`,
    `${page.count} ${page.count === 1 ? "product" : "products"}`,
  ];
  if (page.hasNext) parts.push(`next: --page ${page.page + 1}`);
  return parts.join(" · ");
}
