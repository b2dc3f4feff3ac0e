// The Cache-Control values of the services, one home for each policy.

const ONE_YEAR_SECONDS = 60 * 60 * 24 * 365;

/** Public reads (catalogue, products, shops, FAQ): shared caches may keep them half a minute. */
export const PUBLIC_CACHE = "public, max-age=30";
/** Answers that belong to one signed-in user (saved items, history): no cache may keep them. */
export const PRIVATE_NO_STORE = "private, no-store";
/** Files named by their content (media, the web app's hashed assets): they never change. */
export const IMMUTABLE_CACHE = `public, max-age=${ONE_YEAR_SECONDS}, immutable`;
/** For @fastify/static's `maxAge` (milliseconds), the same year as IMMUTABLE_CACHE. */
export const IMMUTABLE_MAX_AGE_MS = ONE_YEAR_SECONDS * 1000;
/** Pages and configuration: kept, but revalidated on every use. */
export const REVALIDATE = "no-cache";
