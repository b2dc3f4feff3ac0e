import type { Page } from "../page.js";
import { err, ok, type Result } from "../result.js";

/** Pages a list the way the service does: page 1 always exists, a page past the end is 'invalid-page'. */
export function paginate<T>(items: readonly T[], page: number, pageSize: number): Result<Page<T>> {
  const last = Math.max(1, Math.ceil(items.length / pageSize));
  if (!Number.isInteger(page) || page < 1 || page > last) return err({ kind: "invalid-page" });
  const start = (page - 1) * pageSize;
  return ok({
    items: items.slice(start, start + pageSize),
    count: items.length,
    page,
    hasNext: page < last,
    hasPrevious: page > 1,
  });
}
