import { parsePage } from "@katale/adapters-http/contract";
import type { FastifyRequest } from "fastify";

// The query a route reads, in one spelling: only the parameters its schema declares (the validator
// drops the rest), as validated (page_size clamped), without those equal to their default (a missing
// page and page=1, a missing page_size and the default size), sorted by name. Two requests with the
// same canonical query get the same answer: the read cache keys on it, and page links are built from
// it. A route without a query schema reads no query, and its canonical query is empty.

interface QuerySchema {
  safeParse(input: unknown): { success: boolean; data?: unknown };
}

const defaultsOf = new WeakMap<QuerySchema, Record<string, unknown>>();

function defaults(schema: QuerySchema): Record<string, unknown> {
  let known = defaultsOf.get(schema);
  if (!known) {
    const parsed = schema.safeParse({});
    known = parsed.success && typeof parsed.data === "object" ? (parsed.data as Record<string, unknown>) : {};
    defaultsOf.set(schema, known);
  }
  return known;
}

function sameValue(a: unknown, b: unknown): boolean {
  return a === b || (typeof a === "object" && JSON.stringify(a) === JSON.stringify(b));
}

/** The canonical query of the request as name/value pairs (see above). */
export function canonicalQuery(request: FastifyRequest): [string, string][] {
  const schema = request.routeOptions.schema?.querystring as QuerySchema | undefined;
  if (!schema || typeof schema.safeParse !== "function") return [];
  const query = (request.query ?? {}) as Record<string, unknown>;
  const known = defaults(schema);
  const pairs: [string, string][] = [];
  for (const name of Object.keys(query).sort()) {
    let value = query[name];
    if (name === "page" && typeof value === "string") {
      const page = parsePage(value);
      if (page !== null) value = page === 1 ? undefined : page;
    }
    if (value === undefined || value === null || sameValue(value, known[name])) continue;
    for (const one of Array.isArray(value) ? value : [value]) pairs.push([name, String(one)]);
  }
  return pairs;
}

/** The path of the request, without its query. */
export function requestPath(request: FastifyRequest): string {
  const at = request.url.indexOf("?");
  return at < 0 ? request.url : request.url.slice(0, at);
}
