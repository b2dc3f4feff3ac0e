import type { FastifyRequest } from "fastify";

/**
 * The absolute URL of another page of the listing the request asked for: same path and query, with
 * `page` replaced. Built from the request (Host, and X-Forwarded-* when TRUST_PROXY is on); an
 * unusable Host header falls back to the configured public URL.
 */
export function pageLink(request: FastifyRequest, page: number, publicUrl: string): string {
  let url: URL;
  try {
    url = new URL(request.url, `${request.protocol}://${request.host}`);
  } catch {
    url = new URL(request.url, publicUrl);
  }
  url.searchParams.set("page", String(page));
  return url.toString();
}
