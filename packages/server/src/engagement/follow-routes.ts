import { engagementCalls, productCalls, routeSchema } from "@katale/adapters-http/contract";
import { messages, PAGE_SIZE_MAX } from "@katale/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { currentUser, requireUser } from "../auth/authenticate.js";
import { PRIVATE_NO_STORE, PUBLIC_REVALIDATE } from "../http/cache-control.js";
import { sendError } from "../http/error-reply.js";
import { SHOP_NOT_FOUND } from "../http/not-found-messages.js";
import type { RouteDeps } from "../http/route-deps.js";
import { ProductRepository } from "../products/product-repository.js";
import { FollowRepository } from "./follow-repository.js";
import { refusedInput } from "./input-refusal.js";

// Following shops, shop service (spec §7). A shop's followers are in shops/shop-routes.ts.

const TAG = "engagement";

export const followRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, readCache, notifier }) => {
  const follows = new FollowRepository(db);
  const products = new ProductRepository(db);
  const signedIn = { preHandler: requireUser(db), attachValidation: true };

  app.post(
    `/${engagementCalls.follow.path}`,
    { schema: routeSchema(engagementCalls.follow, TAG), ...signedIn },
    async (request, reply) => {
      if (await refusedInput(request, reply)) return reply;
      const me = currentUser(request);
      // The token says who follows; a user_id in the body never acts for someone else.
      const { user_id: userId, shop_id: shopId } = request.body;
      if (userId !== undefined && userId !== me.id)
        return sendError(reply, 403, "forbidden", { detail: messages.reviews.notOwner });
      const kept = await follows.follow(me.id, shopId, (trx) =>
        notifier.record(trx, { kind: "new_follower", actor_id: me.id, shop_id: shopId }),
      );
      if (!kept) return sendError(reply, 404, "shop_not_found", { detail: SHOP_NOT_FOUND });
      // 200 when it was followed already: same body, and clients can say "already follow".
      if (!kept.created) return reply.code(200).send({ data: kept.record });
      readCache.clear();
      return reply.code(201).send({ data: kept.record });
    },
  );

  app.delete(
    `/${engagementCalls.unfollow.path}`,
    { schema: routeSchema(engagementCalls.unfollow, TAG), ...signedIn },
    async (request, reply) => {
      if (await refusedInput(request, reply)) return reply;
      const id = request.params.followId;
      const owner = await follows.ownerOf(id);
      if (owner === undefined)
        return sendError(reply, 404, "follow_not_found", { detail: messages.api.followNotFound });
      if (owner !== currentUser(request).id)
        return sendError(reply, 403, "forbidden", { detail: messages.reviews.notOwner });
      await follows.remove(id);
      readCache.clear();
      return reply.code(204).send(null);
    },
  );

  app.get(
    `/${engagementCalls.followedShops.path}`,
    { schema: routeSchema(engagementCalls.followedShops, TAG) },
    async (request, reply) => {
      const userId = request.params.userId;
      const exists = await db.selectFrom("users").select("id").where("id", "=", userId).executeTakeFirst();
      if (!exists) return sendError(reply, 404, "user_not_found", { detail: messages.api.userNotFound });
      reply.header("cache-control", PUBLIC_REVALIDATE);
      return { data: await follows.followedBy(userId) };
    },
  );

  // A static path: the router prefers it to product/:id/ whatever the order of registration.
  app.get(
    `/${productCalls.fromFollowedShops.path}`,
    { schema: routeSchema(productCalls.fromFollowedShops, TAG), preHandler: requireUser(db) },
    async (request, reply) => {
      reply.header("cache-control", PRIVATE_NO_STORE);
      return { data: await products.fromShopsFollowedBy(currentUser(request).id, PAGE_SIZE_MAX) };
    },
  );
};
