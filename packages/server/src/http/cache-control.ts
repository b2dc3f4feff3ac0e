import type { FastifyInstance } from "fastify";

// The Cache-Control values of the services, one home for each policy.

const ONE_YEAR_SECONDS = 60 * 60 * 24 * 365;

/** Public reads (catalogue, products, shops, FAQ): shared caches may keep them half a minute. */
export const PUBLIC_CACHE = "public, max-age=30";
/**
 * Public lists that change as people act on the page showing them (reviews, followers, a user's
 * follows): browsers ask again each time, so a review or follow made a moment ago shows; the
 * server's read cache still answers them, and is cleared by every such change.
 */
export const PUBLIC_REVALIDATE = "public, no-cache";
/** Answers that belong to one signed-in user (saved items, history): no cache may keep them. */
export const PRIVATE_NO_STORE = "private, no-store";
/** Files named by their content (media, the web app's hashed assets): they never change. */
export const IMMUTABLE_CACHE = `public, max-age=${ONE_YEAR_SECONDS}, immutable`;
/** For @fastify/static's `maxAge` (milliseconds), the same year as IMMUTABLE_CACHE. */
export const IMMUTABLE_MAX_AGE_MS = ONE_YEAR_SECONDS * 1000;
/** Pages and configuration: kept, but revalidated on every use. */
export const REVALIDATE = "no-cache";

/**
 * Answers of the services that set no policy of their own (logins and their tokens, profiles, a
 * user's shops, mutations, errors) are kept by no cache: `private, no-store`. Public reads set
 * PUBLIC_CACHE themselves. Installed before the routes and the read cache.
 */
export function installNoStoreDefault(app: FastifyInstance): void {
  app.addHook("onSend", async (request, reply, payload) => {
    if (!reply.hasHeader("cache-control") && SERVICE_PREFIXES.some((p) => request.url.startsWith(p))) {
      reply.header("cache-control", PRIVATE_NO_STORE);
    }
    return payload;
  });
}

const SERVICE_PREFIXES = ["/api/auth/", "/api/shop/"];
