import { browseQuery, findCalls, routeSchema } from "@katale/adapters-http/contract";
import { findServerMessages } from "@katale/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { currentUser, requireUser } from "../auth/authenticate.js";
import { refusedInput } from "../engagement/input-refusal.js";
import { PRIVATE_NO_STORE } from "../http/cache-control.js";
import { sendError } from "../http/error-reply.js";
import type { RouteDeps } from "../http/route-deps.js";
import { readBrowseQuery } from "./browse-routes.js";
import { SavedSearchRepository } from "./saved-search-repository.js";

// Saved searches of the signed-in user: a name and a product/browse/ query string, checked as browse
// checks it, so whatever runs it later (the notifications of new matches) can trust it.

const TAG = "find";
const m = findServerMessages;

/** A query string as the browse route's query object (a repeated parameter as a list). */
export function queryObject(queryString: string): Record<string, string | string[]> {
  const object: Record<string, string | string[]> = {};
  for (const [name, value] of new URLSearchParams(queryString.replace(/^\?/, ""))) {
    const seen = object[name];
    object[name] = seen === undefined ? value : [...(Array.isArray(seen) ? seen : [seen]), value];
  }
  return object;
}

export const savedSearchRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db }) => {
  const searches = new SavedSearchRepository(db);
  const signedIn = { preHandler: requireUser(db), attachValidation: true };

  app.post(
    `/${findCalls.saveSearch.path}`,
    { schema: routeSchema(findCalls.saveSearch, TAG), ...signedIn },
    async (request, reply) => {
      if (await refusedInput(request, reply)) return reply;
      const { name, query } = request.body;
      const parsed = browseQuery.safeParse(queryObject(query));
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const where = issue?.path.join(".") ?? "";
        return sendError(reply, 400, "invalid_input", {
          query: [`${m.savedSearchQueryInvalid}: '${where}' ${issue?.message ?? "is invalid"}`],
        });
      }
      const read = await readBrowseQuery(db, parsed.data);
      if (!read.ok) return sendError(reply, 400, "invalid_input", { query: [read.detail] });
      const saved = await searches.save(currentUser(request).id, name, query.replace(/^\?/, ""), read.ask);
      if (saved === "too-many")
        return sendError(reply, 400, "too_many_saved_searches", { detail: m.tooManySavedSearches });
      return reply.code(201).send({ data: saved });
    },
  );

  app.get(
    `/${findCalls.savedSearches.path}`,
    { schema: routeSchema(findCalls.savedSearches, TAG), preHandler: requireUser(db) },
    async (request, reply) => {
      reply.header("cache-control", PRIVATE_NO_STORE);
      return { data: await searches.list(currentUser(request).id) };
    },
  );

  app.delete(
    `/${findCalls.deleteSavedSearch.path}`,
    { schema: routeSchema(findCalls.deleteSavedSearch, TAG), ...signedIn },
    async (request, reply) => {
      if (await refusedInput(request, reply)) return reply;
      // Another user's search is answered as no search at all: ids say nothing of other accounts.
      if (!(await searches.remove(currentUser(request).id, request.params.id)))
        return sendError(reply, 404, "saved_search_not_found", { detail: m.savedSearchNotFound });
      return reply.code(204).send(null);
    },
  );
};
