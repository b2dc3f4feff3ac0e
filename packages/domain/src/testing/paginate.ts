import { isPastEnd, type Page, pageCount } from "../page.js";
import { err, ok, type Result } from "../result.js";

/** Pages a list the way the service does: page 1 always exists, a page past the end is 'invalid-page'. */
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
