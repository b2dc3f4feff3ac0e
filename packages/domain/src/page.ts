import { err, ok, type Result } from "./result.js";

/** One page of a paginated list ({count, next, previous, results} on the wire), numbered from 1. */
export interface Page<T> {
  readonly items: readonly T[];
  /** Items across all pages. */
  readonly count: number;
  readonly page: number;
  readonly hasNext: boolean;
  readonly hasPrevious: boolean;
}

/**
 * How many pages a list of `count` items has at `pageSize` a page (spec §7): page 1 always exists,
 * an empty list is one empty page.
 */
export function pageCount(count: number, pageSize: number): number {
  return Math.max(1, Math.ceil(count / pageSize));
}

/** Whether `page` lies beyond the last page: the service answers it 404 'Invalid page.'. */
export function isPastEnd(page: number, count: number, pageSize: number): boolean {
  return page > pageCount(count, pageSize);
}

/**
 * One page of a list held whole (the service lists some things unpaged; the fakes page like the
 * service): page 1 always exists, any other page that is not 1..pageCount is 'invalid-page'.
 */
export function paginate<T>(items: readonly T[], page: number, pageSize: number): Result<Page<T>> {
  if (!Number.isInteger(page) || page < 1 || isPastEnd(page, items.length, pageSize)) {
    return err({ kind: "invalid-page" });
  }
  const start = (page - 1) * pageSize;
  return ok({
    items: items.slice(start, start + pageSize),
    count: items.length,
    page,
    hasNext: page < pageCount(items.length, pageSize),
    hasPrevious: page > 1,
  });
}
