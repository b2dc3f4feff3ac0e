import { routeSchema, shopCalls } from "@katale/adapters-http/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { PRIVATE_NO_STORE, PUBLIC_CACHE, PUBLIC_REVALIDATE } from "../http/cache-control.js";
import { sendError } from "../http/error-reply.js";
import { SHOP_NOT_FOUND } from "../http/not-found-messages.js";
import type { RouteDeps } from "../http/route-deps.js";
import { isShopOwnerOrAdmin } from "../moderation/owner-view.js";
import { ShopRepository } from "./shop-repository.js";

// Shop read routes of the shop service (spec §7), mounted under /api/shop/.

const TAG = "shops";

export const shopRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db }) => {
  const shops = new ShopRepository(db);

  app.get(`/${shopCalls.list.path}`, { schema: routeSchema(shopCalls.list, TAG) }, async (request, reply) => {
    const { ids, name } = request.query;
    reply.header("cache-control", PUBLIC_CACHE);
    if (name !== undefined) return { data: await shops.byName(name) };
    return { data: ids === undefined ? await shops.list() : await shops.byIds(ids) };
  });

  app.get(
    `/${shopCalls.topRated.path}`,
    { schema: routeSchema(shopCalls.topRated, TAG) },
    async (request, reply) => {
      reply.header("cache-control", PUBLIC_CACHE);
      return { data: await shops.topRated(request.query.limit) };
    },
  );

  app.get(
    `/${shopCalls.getById.path}`,
    { schema: routeSchema(shopCalls.getById, TAG) },
    async (request, reply) => {
      const { id } = request.params;
      const shop = await shops.byId(id, false);
      if (shop) {
        reply.header("cache-control", PUBLIC_CACHE);
        return { data: shop };
      }
      // A shop moderators hid: only its owner (or an admin) still reads it.
      const own = (await isShopOwnerOrAdmin(db, request, id)) ? await shops.byId(id) : undefined;
      if (!own) return sendError(reply, 404, "shop_not_found", { detail: SHOP_NOT_FOUND });
      reply.header("cache-control", PRIVATE_NO_STORE);
      return { data: own };
    },
  );

  app.get(
    `/${shopCalls.followers.path}`,
    { schema: routeSchema(shopCalls.followers, TAG) },
    async (request, reply) => {
      const followers = await shops.followers(request.params.shopId);
      if (!followers) return sendError(reply, 404, "shop_not_found", { detail: SHOP_NOT_FOUND });
      reply.header("cache-control", PUBLIC_REVALIDATE);
      return followers;
    },
  );
};
