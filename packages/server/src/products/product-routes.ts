import { type ProductFilterWire, parsePage, productCalls, routeSchema } from "@katale/adapters-http/contract";
import { messages, PAGE_SIZE_MAX, pageCount } from "@katale/domain";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { CatalogueRepository } from "../catalogue/catalogue-repository.js";
import { BrowseIndex } from "../find/browse-index.js";
import { PRIVATE_NO_STORE, PUBLIC_CACHE, PUBLIC_REVALIDATE } from "../http/cache-control.js";
import { clientKey } from "../http/client-address.js";
import { sendError } from "../http/error-reply.js";
import {
  CATEGORY_NOT_FOUND,
  INVALID_PAGE,
  PRODUCT_NOT_FOUND,
  SHOP_NOT_FOUND,
  SUB_CATEGORY_NOT_FOUND,
} from "../http/not-found-messages.js";
import { pageLinks } from "../http/page-links.js";
import { RateLimits, refusedByLimits } from "../http/rate-limits.js";
import { rowTag, tagAnswer } from "../http/read-cache.js";
import type { RouteDeps } from "../http/route-deps.js";
import { hiddenProductForOwner, isShopOwnerOrAdmin } from "../moderation/owner-view.js";
import { ShopRepository } from "../shops/shop-repository.js";
import { HomeFeeds } from "./home-feeds.js";
import { filterTags, withFilters } from "./product-filter-values.js";
import { type ListedFilter, type ProductPageJson, ProductRepository } from "./product-repository.js";
import {
  SEARCH_RETRY_SECONDS,
  SEARCH_STATEMENT_TIMEOUT_MS,
  SearchBusy,
  searchLimits,
  searchLineFor,
} from "./search-bounds.js";

// Product read routes of the shop service (spec §7), mounted under /api/shop/.

const TAG = "products";
const SLUG_SHAPE = /^[\p{L}\p{N}_-]+$/u;

/** The answer of a listing whose category or sub category does not exist. */
type OwnerNotFound = { code: "category_not_found" | "sub_category_not_found"; detail: string };

/**
 * A product's answer shows its row, its shop, its category, its sub category and its filter values
 * (a change of which names the product), and nothing else a catalogue change could alter: the read
 * cache drops it only when one of those changes.
 */
function tagProductAnswer(
  request: FastifyRequest,
  p: { product_id: number; shop_id: number; category_id: number; sub_category_id: number },
  filters: readonly ProductFilterWire[],
) {
  tagAnswer(request, [
    rowTag("products", p.product_id),
    rowTag("shops", p.shop_id),
    rowTag("categories", p.category_id),
    rowTag("sub_categories", p.sub_category_id),
    ...filterTags(filters),
  ]);
}

/**
 * Sends an answer already written as JSON (products as the database wrote them, PRODUCT_JSON in
 * product-repository.ts), as the route's serializer would have: same bytes, same content type.
 */
function sendJson(reply: FastifyReply, body: string) {
  return reply.type("application/json; charset=utf-8").send(body);
}

export const productRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, config, counters }) => {
  // Searches are bounded per client and in all (search-bounds.ts); their answers are kept until a
  // product changes (the browse index tells).
  const products = new ProductRepository(db, {
    line: searchLineFor(config),
    ...(config.databaseUrl ? { statementTimeoutMs: SEARCH_STATEMENT_TIMEOUT_MS } : {}),
    ...(config.searchAnswersKept ? { keptWith: BrowseIndex.of(db) } : {}),
  });
  const searches = new RateLimits("search", searchLimits(config), {
    store: counters,
    enabled: config.searchPerMinute > 0,
  });
  const catalogue = new CatalogueRepository(db);
  const shops = new ShopRepository(db);
  const feeds = new HomeFeeds(db, products);

  /**
   * A paginated in-stock listing (a filter of the newest first, or pages read otherwise): 'Invalid
   * page.' for a bad page or one past the end.
   */
  async function listPage(
    request: FastifyRequest,
    reply: FastifyReply,
    query: { page?: string | undefined; page_size: number },
    filter: ListedFilter | ((page: number, pageSize: number) => Promise<ProductPageJson>),
    owner?: { exists(): Promise<boolean>; notFound: OwnerNotFound },
  ) {
    const page = parsePage(query.page);
    if (page === null) return sendError(reply, 404, "invalid_page", { detail: INVALID_PAGE });
    const result =
      typeof filter === "function"
        ? await filter(page, query.page_size)
        : await products.pageJson(filter, page, query.page_size);
    // An empty listing may be an unknown category: only then is it worth asking.
    if (owner && (!result.ok || result.count === 0) && !(await owner.exists())) {
      return sendError(reply, 404, owner.notFound.code, { detail: owner.notFound.detail });
    }
    if (!result.ok) return sendError(reply, 404, "invalid_page", { detail: INVALID_PAGE });
    const lastPage = pageCount(result.count, query.page_size);
    const linkTo = pageLinks(request, config.publicUrl);
    const next = page < lastPage ? linkTo(page + 1) : null;
    const previous = page > 1 ? linkTo(page - 1) : null;
    reply.header("cache-control", PUBLIC_CACHE);
    return sendJson(
      reply,
      `{"count":${result.count},"next":${JSON.stringify(next)},"previous":${JSON.stringify(previous)},"results":${result.results}}`,
    );
  }

  app.get(
    `/${productCalls.list.path}`,
    { schema: routeSchema(productCalls.list, TAG) },
    async (_request, reply) => {
      reply.header("cache-control", PUBLIC_CACHE);
      return { data: await products.latest(PAGE_SIZE_MAX) };
    },
  );

  app.get(
    `/${productCalls.trending.path}`,
    { schema: routeSchema(productCalls.trending, TAG) },
    async (_request, reply) => {
      reply.header("cache-control", PUBLIC_CACHE);
      return sendJson(reply, `{"data":${await feeds.trendingJson()}}`);
    },
  );

  app.get(
    `/${productCalls.forYou.path}`,
    { schema: routeSchema(productCalls.forYou, TAG) },
    (request, reply) => listPage(request, reply, request.query, (page, size) => feeds.forYouJson(page, size)),
  );

  app.get(
    `/${productCalls.paginated.path}`,
    { schema: routeSchema(productCalls.paginated, TAG) },
    (request, reply) => listPage(request, reply, request.query, {}),
  );

  app.get(
    `/${productCalls.byCategory.path}`,
    { schema: routeSchema(productCalls.byCategory, TAG) },
    (request, reply) => {
      const id = request.params.id;
      return listPage(
        request,
        reply,
        request.query,
        { categoryId: id },
        {
          exists: () => catalogue.categoryExists(id),
          notFound: { code: "category_not_found", detail: CATEGORY_NOT_FOUND },
        },
      );
    },
  );

  app.get(
    `/${productCalls.bySubCategory.path}`,
    { schema: routeSchema(productCalls.bySubCategory, TAG) },
    (request, reply) => {
      const id = request.params.id;
      return listPage(
        request,
        reply,
        request.query,
        { subCategoryId: id },
        {
          exists: () => catalogue.subCategoryExists(id),
          notFound: { code: "sub_category_not_found", detail: SUB_CATEGORY_NOT_FOUND },
        },
      );
    },
  );

  app.get(
    `/${productCalls.getById.path}`,
    { schema: routeSchema(productCalls.getById, TAG) },
    async (request, reply) => {
      const found = await products.byIdWithModeration(request.params.id);
      if (!found) return sendError(reply, 404, "product_not_found", { detail: PRODUCT_NOT_FOUND });
      const { hidden, ...product } = found;
      if (hidden) {
        const moderation = await hiddenProductForOwner(db, request, product);
        if (!moderation) return sendError(reply, 404, "product_not_found", { detail: PRODUCT_NOT_FOUND });
        reply.header("cache-control", PRIVATE_NO_STORE);
        return { data: { ...product, moderation } };
      }
      tagProductAnswer(request, product, product.filters);
      reply.header("cache-control", PUBLIC_CACHE);
      return { data: product };
    },
  );

  app.get(
    `/${productCalls.getBySlug.path}`,
    { schema: routeSchema(productCalls.getBySlug, TAG) },
    async (request, reply) => {
      // Slugs are made of letters, digits and hyphens; anything else cannot name a product.
      const slug = request.params.slug;
      const product = SLUG_SHAPE.test(slug) ? await products.bySlugJson(slug) : undefined;
      if (!product) return sendError(reply, 404, "product_not_found", { detail: PRODUCT_NOT_FOUND });
      if (product.hidden) {
        // Only its owner (or an admin) still reads it, with the moderators' note.
        const moderation = await hiddenProductForOwner(db, request, product);
        if (!moderation) return sendError(reply, 404, "product_not_found", { detail: PRODUCT_NOT_FOUND });
        reply.header("cache-control", PRIVATE_NO_STORE);
        const json = withFilters(product.json, product.filters);
        return sendJson(reply, `{"data":${json.slice(0, -1)},"moderation":${JSON.stringify(moderation)}}}`);
      }
      tagProductAnswer(request, product, JSON.parse(product.filters) as ProductFilterWire[]);
      reply.header("cache-control", PUBLIC_CACHE);
      return sendJson(reply, `{"data":${withFilters(product.json, product.filters)}}`);
    },
  );

  app.get(
    `/${productCalls.byShop.path}`,
    { schema: routeSchema(productCalls.byShop, TAG) },
    async (request, reply) => {
      const { shopId } = request.params;
      const stock = request.query.stock_type === "out" ? "out" : "in";
      // The owner's admin page lists these too: the owner (or an admin) also sees the hidden ones.
      const withHidden = await isShopOwnerOrAdmin(db, request, shopId);
      const { products: data, count } = await products.byShop(shopId, stock, request.query.limit, withHidden);
      if (count === 0 && !(await shops.exists(shopId)))
        return sendError(reply, 404, "shop_not_found", { detail: SHOP_NOT_FOUND });
      // The owner's admin page lists these right after a stock change or an edit: revalidate. The
      // owner's own list (with what moderators hid) is theirs alone.
      reply.header("cache-control", withHidden ? PRIVATE_NO_STORE : PUBLIC_REVALIDATE);
      return { data, number_of_products: count };
    },
  );

  app.get(
    `/${productCalls.related.path}`,
    { schema: routeSchema(productCalls.related, TAG) },
    async (request, reply) => {
      const related = await products.relatedTo(request.params.id, request.query.limit);
      if (!related) return sendError(reply, 404, "product_not_found", { detail: PRODUCT_NOT_FOUND });
      reply.header("cache-control", PUBLIC_CACHE);
      return { data: related };
    },
  );

  app.post(
    `/${productCalls.search.path}`,
    { schema: routeSchema(productCalls.search, TAG), config: { readCache: true } },
    async (request, reply) => {
      const limited = [["perAddress", clientKey(request), "hit"]] as const;
      if (await refusedByLimits(reply, searches, limited, { detail: messages.api.tooManySearches }))
        return reply;
      const json = await products.searchJson(request.body.search_query).catch((error: unknown) => {
        if (error instanceof SearchBusy) return null;
        throw error;
      });
      if (json === null) {
        reply.header("retry-after", String(SEARCH_RETRY_SECONDS));
        return sendError(reply, 503, "unavailable", { detail: messages.api.searchBusy });
      }
      return sendJson(reply, `{"products":${json}}`);
    },
  );
};
