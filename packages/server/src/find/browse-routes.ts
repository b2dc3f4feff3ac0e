import {
  BROWSE_RADIUS_DEFAULT_KM,
  type BrowseFacetsWire,
  type BrowseQuery,
  type BrowseSort,
  findCalls,
  parseNear,
  parsePage,
  routeSchema,
} from "@katale/adapters-http/contract";
import { findServerMessages, LISTING_PAGE_SIZE } from "@katale/domain";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.js";
import { districtNamed } from "../geo/districts.js";
import { PUBLIC_CACHE } from "../http/cache-control.js";
import { sendError } from "../http/error-reply.js";
import { INVALID_PAGE } from "../http/not-found-messages.js";
import { pageLinks } from "../http/page-links.js";
import type { RouteDeps } from "../http/route-deps.js";
import { searchWords } from "../products/product-search.js";
import { type BrowseAsk, BrowseIndex } from "./browse-index.js";

// GET product/browse/: every narrowed listing in one call, with its facets (browse-index.ts).
// The answer is public and kept by the read cache; any catalogue change drops it (it is not tagged).

const TAG = "products";
const m = findServerMessages;

/** One value or many as a list. */
const listOf = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

/**
 * What the query asks, checked against the catalogue (the browse index's taxonomy, brought up to
 * every change committed before the call): the ask, or the message of a 400.
 */
export async function readBrowseQuery(
  db: Kysely<Database>,
  query: BrowseQuery,
): Promise<{ ok: true; ask: Omit<BrowseAsk, "skip" | "size"> } | { ok: false; detail: string }> {
  const districts: string[] = [];
  for (const name of listOf(query.district)) {
    const district = districtNamed(name);
    if (district === undefined) return { ok: false, detail: m.districtUnknown };
    districts.push(district);
  }
  const point = query.near === undefined ? undefined : parseNear(query.near);
  if (query.radius_km !== undefined && !point) return { ok: false, detail: m.radiusNeedsNear };
  if (query.sort === "nearest" && !point) return { ok: false, detail: m.nearestNeedsNear };
  if (query.price_min !== undefined && query.price_max !== undefined && query.price_max < query.price_min)
    return { ok: false, detail: m.priceRange };
  const index = BrowseIndex.of(db);
  await index.fresh();
  if (query.category !== undefined && !index.hasCategory(query.category))
    return { ok: false, detail: m.categoryUnknown };
  if (query.subcategory !== undefined && !index.hasSubCategory(query.subcategory))
    return { ok: false, detail: m.subCategoryUnknown };
  const values: { valueId: number; filterId: number }[] = [];
  for (const valueId of new Set(listOf(query.value))) {
    const filterId = index.filterOf(valueId);
    if (filterId === undefined) return { ok: false, detail: m.valueUnknown };
    values.push({ valueId, filterId });
  }
  const words = query.q === undefined ? [] : searchWords(query.q);
  const sort: BrowseSort = query.sort ?? (words.length > 0 ? "relevance" : "newest");
  return {
    ok: true,
    ask: {
      categoryId: query.category,
      subCategoryId: query.subcategory,
      words,
      values,
      priceMin: query.price_min,
      priceMax: query.price_max,
      districts,
      near: point ? { ...point, radiusKm: query.radius_km ?? BROWSE_RADIUS_DEFAULT_KM } : undefined,
      verified: query.verified === "1",
      inStock: query.in_stock === "1",
      sort,
    },
  };
}

/** Sends an answer already written as JSON, as the route's serializer would have. */
function sendJson(reply: FastifyReply, body: string) {
  return reply.type("application/json; charset=utf-8").send(body);
}

export const browseRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, config }) => {
  const index = BrowseIndex.of(db);
  app.get(
    `/${findCalls.browse.path}`,
    { schema: routeSchema(findCalls.browse, TAG) },
    async (request, reply) => {
      const query = request.query;
      const page = parsePage(query.page);
      if (page === null) return sendError(reply, 404, "invalid_page", { detail: INVALID_PAGE });
      const read = await readBrowseQuery(db, query);
      if (!read.ok) return sendError(reply, 400, "invalid_input", { detail: read.detail });
      const size = query.page_size ?? LISTING_PAGE_SIZE;
      // readBrowseQuery brought the index up to the request.
      const found = await index.find({ ...read.ask, skip: (page - 1) * size, size }, { fresh: false });
      const count = found.total;
      if (page > 1 && (page - 1) * size >= count)
        return sendError(reply, 404, "invalid_page", { detail: INVALID_PAGE });
      const facets: BrowseFacetsWire = {
        filters: index.filterFacets(found.valueCounts, read.ask.values, read.ask.subCategoryId),
        price: { min: found.priceMin, max: found.priceMax },
        districts: found.districts,
        verified: found.verified,
        in_stock: found.inStock,
      };
      const results = await index.wires(found.ids);
      const linkTo = pageLinks(request, config.publicUrl);
      const next = page * size < count ? linkTo(page + 1) : null;
      const previous = page > 1 ? linkTo(page - 1) : null;
      reply.header("cache-control", PUBLIC_CACHE);
      return sendJson(
        reply,
        `{"count":${count},"next":${JSON.stringify(next)},"previous":${JSON.stringify(previous)},"results":${results},"facets":${JSON.stringify(facets)}}`,
      );
    },
  );
};
