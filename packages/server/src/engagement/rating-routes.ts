import { engagementCalls, routeSchema } from "@katale/adapters-http/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { currentUser, requireUser } from "../auth/authenticate.js";
import { sendError } from "../http/error-reply.js";
import { PRODUCT_NOT_FOUND } from "../http/not-found-messages.js";
import type { RouteDeps } from "../http/route-deps.js";
import { refusedInput } from "./input-refusal.js";
import { RatingRepository } from "./rating-repository.js";

// Rating a product, shop service (spec §7, §9): the wire value is 0–10 (the stars doubled).

const TAG = "engagement";

export const ratingRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, readCache, notifier }) => {
  const ratings = new RatingRepository(db);

  app.post(
    `/${engagementCalls.rate.path}`,
    {
      schema: routeSchema(engagementCalls.rate, TAG),
      preHandler: requireUser(db),
      attachValidation: true,
    },
    async (request, reply) => {
      if (await refusedInput(request, reply)) return reply;
      const { product_id: productId, rating } = request.body;
      const me = currentUser(request).id;
      const result = await ratings.rate(me, productId, rating, (trx) =>
        notifier.record(trx, { kind: "review_on_my_product", actor_id: me, product_id: productId }),
      );
      if (!result) return sendError(reply, 404, "product_not_found", { detail: PRODUCT_NOT_FOUND });
      // Product answers show the new average at once (other instances hear the NOTIFY).
      readCache.clear();
      return { data: result };
    },
  );
};
