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
