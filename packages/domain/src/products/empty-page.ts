import type { Page } from "../page.js";
import { ok, type Result } from "../result.js";

/** A listing with nothing in it reads as an empty first page, whatever the service answered. */
export function emptyPage<T>(page = 1): Page<T> {
  return { items: [], count: 0, page, hasNext: false, hasPrevious: false };
}

/** 'invalid-page' on a listing's first page means "no products" (the 'No products' state). */
export function orEmptyFirstPage<T>(result: Result<Page<T>>, page: number): Result<Page<T>> {
  return !result.ok && result.error.kind === "invalid-page" && page === 1 ? ok(emptyPage<T>()) : result;
}
