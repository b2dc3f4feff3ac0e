import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { RouteDeps } from "../http/route-deps.js";
import { registerSpooledUploads, spoolDir } from "../http/spooled-uploads.js";
import { catalogueWriteKit } from "./catalogue-write-kit.js";
import { categoryWriteRoutes } from "./category-write-routes.js";
import { filterWriteRoutes } from "./filter-write-routes.js";

// The admins' catalogue calls of the shop service (spec §7, issue 10): categories and sub categories
// (category-write-routes.ts), filters and their values (filter-write-routes.ts). Admins only: 401
// for a visitor, 403 for anyone else. Names are unique within their parent whatever their case
// (409). Every change clears the read cache (the database's NOTIFY tells the other instances), so it
// shows at once in every list.

export const catalogueWriteRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
  // One image per call, for categories and sub categories.
  await registerSpooledUploads(app, deps.db, {
    maxFiles: 1,
    fieldSize: 4096,
    spoolDir: spoolDir(deps.config),
  });
  const kit = catalogueWriteKit(deps);
  categoryWriteRoutes(app, kit);
  filterWriteRoutes(app, kit);
};
