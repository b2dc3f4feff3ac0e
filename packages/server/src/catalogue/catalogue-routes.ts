import { catalogueCalls, routeSchema } from "@katale/adapters-http/contract";
import { adminServerMessages } from "@katale/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { PUBLIC_REVALIDATE } from "../http/cache-control.js";
import { sendError } from "../http/error-reply.js";
import { CATEGORY_NOT_FOUND, SUB_CATEGORY_NOT_FOUND } from "../http/not-found-messages.js";
import type { RouteDeps } from "../http/route-deps.js";
import { CatalogueRepository } from "./catalogue-repository.js";
import { FilterRepository } from "./filter-repository.js";

// Catalogue read routes of the shop service (spec §7), mounted under /api/shop/. Browsers ask again
// each time (`no-cache`), so an admin's change shows at once; the server's read cache still answers,
// and every catalogue write clears it.

const TAG = "catalogue";

export const catalogueRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db }) => {
  const catalogue = new CatalogueRepository(db);
  const catalogueFilters = new FilterRepository(db);

  app.get(
    `/${catalogueCalls.listCategories.path}`,
    { schema: routeSchema(catalogueCalls.listCategories, TAG) },
    async (_request, reply) => {
      reply.header("cache-control", PUBLIC_REVALIDATE);
      return { categories: await catalogue.categories() };
    },
  );

  app.get(
    `/${catalogueCalls.listSubCategories.path}`,
    { schema: routeSchema(catalogueCalls.listSubCategories, TAG) },
    async (_request, reply) => {
      reply.header("cache-control", PUBLIC_REVALIDATE);
      return { sub_categories: await catalogue.subCategories() };
    },
  );

  app.get(
    `/${catalogueCalls.listSubCategoriesOf.path}`,
    { schema: routeSchema(catalogueCalls.listSubCategoriesOf, TAG) },
    async (request, reply) => {
      const { categoryId } = request.params;
      const subCategories = await catalogue.subCategories(categoryId);
      if (subCategories.length === 0 && !(await catalogue.categoryExists(categoryId))) {
        return sendError(reply, 404, "category_not_found", { detail: CATEGORY_NOT_FOUND });
      }
      reply.header("cache-control", PUBLIC_REVALIDATE);
      return { sub_categories: subCategories };
    },
  );

  app.get(
    `/${catalogueCalls.listFilters.path}`,
    { schema: routeSchema(catalogueCalls.listFilters, TAG) },
    async (request, reply) => {
      const { subcategoryId } = request.params;
      const filters = await catalogueFilters.filters(subcategoryId);
      if (filters.length === 0 && !(await catalogue.subCategoryExists(subcategoryId))) {
        return sendError(reply, 404, "sub_category_not_found", { detail: SUB_CATEGORY_NOT_FOUND });
      }
      reply.header("cache-control", PUBLIC_REVALIDATE);
      return { filters };
    },
  );

  app.get(
    `/${catalogueCalls.listFilterValues.path}`,
    { schema: routeSchema(catalogueCalls.listFilterValues, TAG) },
    async (request, reply) => {
      const { filterId } = request.params;
      const values = await catalogueFilters.filterValues(filterId);
      if (values === null)
        return sendError(reply, 404, "filter_not_found", { detail: adminServerMessages.filterNotFound });
      reply.header("cache-control", PUBLIC_REVALIDATE);
      return { values };
    },
  );
};
