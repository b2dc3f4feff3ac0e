import { engagementCalls, routeSchema } from "@katale/adapters-http/contract";
import { messages } from "@katale/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { currentUser, requireUser } from "../auth/authenticate.js";
import { PRIVATE_NO_STORE } from "../http/cache-control.js";
import { sendError } from "../http/error-reply.js";
import { PRODUCT_NOT_FOUND } from "../http/not-found-messages.js";
import type { RouteDeps } from "../http/route-deps.js";
import { refusedInput } from "./input-refusal.js";
import { SavedProductRepository } from "./saved-product-repository.js";

// Saved products (the wishlist) of the signed-in user, shop service (spec §7).

const TAG = "engagement";

export const savedProductRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db }) => {
  const saved = new SavedProductRepository(db);
  const signedIn = { preHandler: requireUser(db), attachValidation: true };

  app.post(
    `/${engagementCalls.saveProduct.path}`,
    { schema: routeSchema(engagementCalls.saveProduct, TAG), ...signedIn },
    async (request, reply) => {
      if (await refusedInput(request, reply)) return reply;
      const productId = request.body.product_id;
      const kept = await saved.save(currentUser(request).id, productId);
      if (!kept) return sendError(reply, 404, "product_not_found", { detail: PRODUCT_NOT_FOUND });
      // 200 when it was saved already: same body, and clients can say "already in your wishlist".
      return reply
        .code(kept.created ? 201 : 200)
        .send({ data: { saved_product_id: kept.saved_product_id, product_id: productId } });
    },
  );

  app.get(
    `/${engagementCalls.listSaved.path}`,
    { schema: routeSchema(engagementCalls.listSaved, TAG), preHandler: requireUser(db) },
    async (request, reply) => {
      const data = await saved.list(currentUser(request).id);
      reply.header("cache-control", PRIVATE_NO_STORE);
      return { data, number_of_saved_products: data.length };
    },
  );

  app.delete(
    `/${engagementCalls.unsave.path}`,
    { schema: routeSchema(engagementCalls.unsave, TAG), ...signedIn },
    async (request, reply) => {
      if (await refusedInput(request, reply)) return reply;
      const id = request.params.savedProductId;
      const owner = await saved.ownerOf(id);
      if (owner === undefined)
        return sendError(reply, 404, "saved_product_not_found", {
          detail: messages.api.savedProductNotFound,
        });
      if (owner !== currentUser(request).id)
        return sendError(reply, 403, "forbidden", { detail: messages.reviews.notOwner });
      await saved.remove(id);
      return reply.code(204).send(null);
    },
  );
};
