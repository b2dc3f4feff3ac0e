import type { Page } from "@katale/domain";
import type { Paginated } from "../contract/common.js";

/** `{count, next, previous, results}` -> the domain's Page, items mapped. */
export function toPage<W, T>(envelope: Paginated<W>, page: number, toItem: (wire: W) => T): Page<T> {
  return {
    items: envelope.results.map(toItem),
    count: envelope.count,
    page,
    hasNext: envelope.next !== null,
    hasPrevious: envelope.previous !== null,
  };
}
