import { engagementCalls, routeSchema } from "@katale/adapters-http/contract";
import { messages } from "@katale/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { currentUser, requireUser } from "../auth/authenticate.js";
import { PRIVATE_NO_STORE } from "../http/cache-control.js";
import { sendError } from "../http/error-reply.js";
import { PRODUCT_NOT_FOUND } from "../http/not-found-messages.js";
import type { RouteDeps } from "../http/route-deps.js";
import { BrowseHistoryRepository } from "./browse-history-repository.js";
import { refusedInput } from "./input-refusal.js";

// The signed-in user's browse history, shop service (spec §7): visible to its owner only.

const TAG = "engagement";

export const browseHistoryRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db }) => {
  const history = new BrowseHistoryRepository(db);

  app.post(
    `/${engagementCalls.recordBrowse.path}`,
    {
      schema: routeSchema(engagementCalls.recordBrowse, TAG),
      preHandler: requireUser(db),
      attachValidation: true,
    },
    async (request, reply) => {
      if (await refusedInput(request, reply)) return reply;
      const recorded = await history.record(currentUser(request).id, request.body.product_id);
      if (!recorded) return sendError(reply, 404, "product_not_found", { detail: PRODUCT_NOT_FOUND });
      return reply.code(201).send({ detail: messages.api.browseRecorded });
    },
  );

  app.get(
    `/${engagementCalls.browseHistory.path}`,
    { schema: routeSchema(engagementCalls.browseHistory, TAG), preHandler: requireUser(db) },
    async (request, reply) => {
      const data = await history.list(currentUser(request).id);
      reply.header("cache-control", PRIVATE_NO_STORE);
      return { data, number_of_products: data.length };
    },
  );
};
