import type { FastifyRequest } from "fastify";
import { canonicalQuery, requestPath } from "./canonical-query.js";

/**
 * Links to other pages of the listing the request asked for, as absolute URLs: same path and the same
 * query in its canonical spelling (canonical-query.ts: parameters the route does not read are left
 * out, so answers the read cache shares are the same), with `page` replaced. Built from the request
 * (Host, and X-Forwarded-* when TRUST_PROXY is on); an unusable Host header falls back to the
 * configured public URL. The request is read once for both of a page's links.
 */
export function pageLinks(request: FastifyRequest, publicUrl: string): (page: number) => string {
  const query = canonicalQuery(request);
  const path = requestPath(request);
  let base: URL;
  try {
    base = new URL(path, `${request.protocol}://${request.host}`);
  } catch {
    base = new URL(path, publicUrl);
  }
  const at = `${base.origin}${base.pathname}`;
  return (page) => {
    const params = new URLSearchParams(query);
    params.set("page", String(page));
    return `${at}?${params}`;
  };
}

/** A private listing's page as the spec's paged calls answer it. */
export interface PagedAnswer<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

/**
 * Page `page` of a listing of `count` entries, `pageSize` a page, with its links; null for a page
 * past the last (the caller answers 404 invalid_page). Page 1 of an empty listing is a page.
 */
export function pagedAnswer<T>(
  request: FastifyRequest,
  publicUrl: string,
  page: number,
  pageSize: number,
  found: { count: number; results: T[] },
): PagedAnswer<T> | null {
  const lastPage = Math.max(1, Math.ceil(found.count / pageSize));
  if (page > lastPage || (page > 1 && found.results.length === 0)) return null;
  const linkTo = pageLinks(request, publicUrl);
  return {
    count: found.count,
    next: page < lastPage ? linkTo(page + 1) : null,
    previous: page > 1 ? linkTo(page - 1) : null,
    results: found.results,
  };
}
