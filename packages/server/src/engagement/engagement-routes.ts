import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { RouteDeps } from "../http/route-deps.js";
import { browseHistoryRoutes } from "./browse-history-routes.js";
import { commentRoutes } from "./comment-routes.js";
import { followRoutes } from "./follow-routes.js";
import { ratingRoutes } from "./rating-routes.js";
import { savedProductRoutes } from "./saved-product-routes.js";

// Saved products, follows, ratings, reviews and browse history of the shop service (spec §7).

export const engagementRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
  await app.register(savedProductRoutes, deps);
  await app.register(followRoutes, deps);
  await app.register(ratingRoutes, deps);
  await app.register(commentRoutes, deps);
  await app.register(browseHistoryRoutes, deps);
};
