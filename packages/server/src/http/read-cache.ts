import type { FastifyInstance, FastifyRequest } from "fastify";
import { LRUCache } from "lru-cache";
import { canonicalQuery, requestPath } from "./canonical-query.js";

// Public reads are most of the traffic and the same pages are asked for again and again (the home
// page, popular products, common searches). Answers marked `Cache-Control: public` (and routes with
// `config: { readCache: true }`, such as search) are kept serialized in memory, keyed by method, path,
// canonical query (canonical-query.ts: unknown parameters, order and defaults do not count, so junk
// parameters cannot send every request to the database) and body. The database tells every server instance when catalogue data changes (NOTIFY from
// statement triggers, see migrations), and the whole cache is dropped then; the TTL is only a net
// for a lost notification. Installed on the root instance before compression, so it stores the
// plain JSON and compression still applies to hits.

export interface ReadCache {
  clear(): void;
  readonly size: number;
}

export interface ReadCacheOptions {
  /** Keep answers at most this long; 0 turns the cache off. */
  ttlMs: number;
  maxBytes?: number;
  /** Only requests under this prefix are cached. */
  prefix?: string;
}

interface Entry {
  body: string;
  cacheControl: string;
}

declare module "fastify" {
  interface FastifyContextConfig {
    /** Cache this route's 200 answers even though it is not a GET (e.g. search). */
    readCache?: boolean;
  }
}

const state = new WeakMap<FastifyRequest, { key: string; hit: boolean }>();

export function installReadCache(app: FastifyInstance, options: ReadCacheOptions): ReadCache {
  const prefix = options.prefix ?? "/api/shop/";
  const cache = new LRUCache<string, Entry>({
    maxSize: options.maxBytes ?? 64 * 1024 * 1024,
    sizeCalculation: (entry, key) => entry.body.length + key.length,
    ttl: Math.max(1, options.ttlMs),
  });
  if (options.ttlMs <= 0) return { clear: () => {}, size: 0 };

  const cacheable = (request: FastifyRequest) =>
    request.url.startsWith(prefix) &&
    (request.method === "GET" || request.routeOptions.config?.readCache === true) &&
    // Answers that depend on who asks are never shared.
    request.headers.authorization === undefined;

  app.addHook("preHandler", async (request, reply) => {
    if (!cacheable(request)) return;
    const body = request.method === "GET" ? "" : `\n${JSON.stringify(request.body ?? null)}`;
    const query = new URLSearchParams(canonicalQuery(request)).toString();
    const key = `${request.method} ${request.protocol}://${request.host}${requestPath(request)}?${query}${body}`;
    const entry = cache.get(key);
    state.set(request, { key, hit: entry !== undefined });
    if (!entry) return;
    reply
      .header("content-type", "application/json; charset=utf-8")
      .header("cache-control", entry.cacheControl);
    return reply.send(entry.body);
  });

  app.addHook("onSend", async (request, reply, payload) => {
    const s = state.get(request);
    if (!s || s.hit || reply.statusCode !== 200 || typeof payload !== "string") return payload;
    const cacheControl = String(reply.getHeader("cache-control") ?? "");
    if (request.method === "GET" && !cacheControl.startsWith("public")) return payload;
    cache.set(s.key, { body: payload, cacheControl: cacheControl || "no-store" });
    return payload;
  });

  return {
    clear: () => cache.clear(),
    get size() {
      return cache.size;
    },
  };
}
