import type { FastifyRequest } from "fastify";
import { canonicalQuery, requestPath } from "./canonical-query.js";

/**
 * The absolute URL of another page of the listing the request asked for: same path and the same
 * query in its canonical spelling (canonical-query.ts: parameters the route does not read are left
 * out, so answers the read cache shares are the same), with `page` replaced. Built from the request (Host, and X-Forwarded-* when TRUST_PROXY is on); an
 * unusable Host header falls back to the configured public URL.
 */
export function pageLink(request: FastifyRequest, page: number, publicUrl: string): string {
  const query = new URLSearchParams(canonicalQuery(request)).toString();
  const relative = `${requestPath(request)}${query ? `?${query}` : ""}`;
  let url: URL;
  try {
    url = new URL(relative, `${request.protocol}://${request.host}`);
  } catch {
    url = new URL(relative, publicUrl);
  }
  url.searchParams.set("page", String(page));
  return url.toString();
}
