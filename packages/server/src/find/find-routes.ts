import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { RouteDeps } from "../http/route-deps.js";
import { browseRoutes } from "./browse-routes.js";
import { savedSearchRoutes } from "./saved-search-routes.js";

// Finding products: browse with facets, and saved searches (shop service).

export const findRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
  await app.register(browseRoutes, deps);
  await app.register(savedSearchRoutes, deps);
};
