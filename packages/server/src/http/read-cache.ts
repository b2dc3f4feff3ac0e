import type { FastifyInstance, FastifyRequest } from "fastify";
import { LRUCache } from "lru-cache";
import { canonicalQuery, requestPath } from "./canonical-query.js";

// Public reads are most of the traffic and the same pages are asked for again and again (the home
// page, popular products, common searches). Answers marked `Cache-Control: public` (and routes with
// `config: { readCache: true }`, such as search) are kept serialized in memory, keyed by method, path,
// canonical query (canonical-query.ts: unknown parameters, order and defaults do not count, so junk
// parameters cannot send every request to the database) and body. Installed on the root instance
// before compression, so it stores the plain JSON and compression still applies to hits.
//
// What a change drops: the database tells every server instance when catalogue data changes
// (NOTIFY from statement triggers, migrations 0001 and 0013), naming the table and, for the tables
// a product's own answer shows, the rows (`products:12,40`; see parseCatalogueChange). A route may
// say which rows its answer shows (tagAnswer: a product by id or slug names its product, shop,
// category and sub category); such an answer is dropped only when one of those rows (or its whole
// table) changes. Every other answer (listings, searches, anything that may show any row or shift
// with one) is dropped by every change. A lost notice (the LISTEN connection opened again) drops
// everything. The TTL is only a net for a notice lost without that.
//
// Single flight: while one request makes the answer for a key, other requests for the same key wait
// for it instead of asking the database too, so a cold key costs one answer however many ask at once
// (a link shared on WhatsApp, the home page after a deploy). An answer that is not kept (an error, a
// private answer) lets the waiters make their own. An answer begun before the cache was dropped is
// not kept (it may show what changed), though its waiters get it.

/**
 * What changed, from a notice: rows of a table (`ids`), a whole table (no `ids`), or anything
 * (undefined: an empty or unreadable notice, as after notices were lost).
 */
export type CatalogueChange = { table: string; ids?: readonly number[] } | undefined;

/** Reads a notice of katale_catalogue_changed: `table`, `table:1,2,3`, or "" (anything changed). */
export function parseCatalogueChange(payload: string): CatalogueChange {
  const match = /^([a-z_]+)(?::(\d+(?:,\d+)*))?$/.exec(payload);
  if (!match) return undefined;
  const [, table, ids] = match;
  return ids === undefined ? { table: table! } : { table: table!, ids: ids.split(",").map(Number) };
}

/** The tag of a row an answer shows: `products:12`. */
export const rowTag = (table: string, id: number) => `${table}:${id}`;

export interface ReadCache {
  /** Drops every answer. */
  clear(): void;
  /** Drops the answers `change` may alter (see the top of this file); everything when undefined. */
  drop(change: CatalogueChange): void;
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
  /** The rows the answer shows (rowTag), when its route said so; else any change drops it. */
  tags?: readonly string[];
}

declare module "fastify" {
  interface FastifyContextConfig {
    /** Cache this route's 200 answers even though it is not a GET (e.g. search). */
    readCache?: boolean;
  }
}

interface RequestState {
  key: string;
  hit: boolean;
  /** Set on the request that makes the answer others wait for: hands it (or nothing) to them. */
  finish?: (entry: Entry | undefined) => void;
  /** The cache's generation when the request began (its answer is kept only if still current). */
  generation: number;
  tags?: readonly string[];
}

const state = new WeakMap<FastifyRequest, RequestState>();

/**
 * Says that the answer to `request` shows these rows (rowTag) and nothing else that a catalogue
 * change could alter: it is then dropped only by a change to one of them. Must name every row the
 * answer shows; an answer not tagged is dropped by every change.
 */
export function tagAnswer(request: FastifyRequest, tags: readonly string[]): void {
  const s = state.get(request);
  if (s) s.tags = tags;
}

/** The entry to keep for an answer, or undefined for one not to share (not 200, private, a stream). */
function keepable(
  request: FastifyRequest,
  statusCode: number,
  cacheControlHeader: unknown,
  payload: unknown,
): Entry | undefined {
  if (statusCode !== 200 || typeof payload !== "string") return undefined;
  const cacheControl = String(cacheControlHeader ?? "");
  if (request.method === "GET" && !cacheControl.startsWith("public")) return undefined;
  const tags = state.get(request)?.tags;
  return { body: payload, cacheControl: cacheControl || "no-store", ...(tags && { tags }) };
}

/** Whether an answer tagged `tags` (undefined: not tagged) may show what `change` altered. */
function touches(tags: readonly string[] | undefined, change: CatalogueChange): boolean {
  if (tags === undefined || change === undefined) return true;
  const { table, ids } = change;
  if (ids === undefined) return tags.some((tag) => tag.startsWith(`${table}:`));
  return ids.some((id) => tags.includes(rowTag(table, id)));
}

export function installReadCache(app: FastifyInstance, options: ReadCacheOptions): ReadCache {
  const prefix = options.prefix ?? "/api/shop/";
  const cache = new LRUCache<string, Entry>({
    maxSize: options.maxBytes ?? 64 * 1024 * 1024,
    sizeCalculation: (entry, key) => entry.body.length + key.length,
    ttl: Math.max(1, options.ttlMs),
  });
  if (options.ttlMs <= 0) return { clear: () => {}, drop: () => {}, size: 0 };
  /** Answers being made, by key: what requests for the same key wait for. */
  const inFlight = new Map<string, Promise<Entry | undefined>>();
  let generation = 0;

  const cacheable = (request: FastifyRequest) =>
    request.url.startsWith(prefix) &&
    (request.method === "GET" || request.routeOptions.config?.readCache === true) &&
    // Answers that depend on who asks are never shared.
    request.headers.authorization === undefined &&
    // A socket's upgrade (chat) is never an answer to share, and a refused one ends without the
    // hooks that would let requests waiting on its key go: it must not hold the key.
    request.headers.upgrade === undefined;

  app.addHook("preHandler", async (request, reply) => {
    if (!cacheable(request)) return;
    const body = request.method === "GET" ? "" : `\n${JSON.stringify(request.body ?? null)}`;
    const query = new URLSearchParams(canonicalQuery(request)).toString();
    const key = `${request.method} ${request.protocol}://${request.host}${requestPath(request)}?${query}${body}`;
    let entry = cache.get(key);
    if (!entry) {
      const pending = inFlight.get(key);
      if (pending) entry = await pending;
    }
    const s: RequestState = { key, hit: entry !== undefined, generation };
    state.set(request, s);
    if (!entry) {
      if (!inFlight.has(key)) {
        let handOver!: (entry: Entry | undefined) => void;
        inFlight.set(key, new Promise((resolve) => (handOver = resolve)));
        s.finish = (made) => {
          s.finish = undefined;
          inFlight.delete(key);
          handOver(made);
        };
      }
      return;
    }
    reply
      .header("content-type", "application/json; charset=utf-8")
      .header("cache-control", entry.cacheControl);
    return reply.send(entry.body);
  });

  app.addHook("onSend", async (request, reply, payload) => {
    const s = state.get(request);
    if (!s || s.hit) return payload;
    const made = keepable(request, reply.statusCode, reply.getHeader("cache-control"), payload);
    if (made && s.generation === generation) cache.set(s.key, made);
    s.finish?.(made);
    return payload;
  });
  // A request that ended without sending (its client went away) still lets its waiters go.
  app.addHook("onResponse", async (request) => state.get(request)?.finish?.(undefined));
  app.addHook("onRequestAbort", async (request) => state.get(request)?.finish?.(undefined));

  const drop = (change: CatalogueChange) => {
    // Answers begun before any change are not kept (they may show it), whatever they show.
    generation++;
    if (change === undefined) return cache.clear();
    const dropped: string[] = [];
    cache.forEach((entry, key) => {
      if (touches(entry.tags, change)) dropped.push(key);
    });
    for (const key of dropped) cache.delete(key);
  };
  return {
    clear: () => drop(undefined),
    drop,
    get size() {
      return cache.size;
    },
  };
}
