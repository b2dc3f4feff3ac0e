import { routeSchema, supportCalls } from "@katale/adapters-http/contract";
import { messages } from "@katale/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { PUBLIC_CACHE } from "../http/cache-control.js";
import { clientKey } from "../http/client-address.js";
import { RateLimits, refusedByLimits } from "../http/rate-limits.js";
import type { RouteDeps } from "../http/route-deps.js";
import { SupportRepository } from "./support-repository.js";

// FAQ and feedback routes of the shop service (spec §7), mounted under /api/shop/.

const TAG = "support";

/**
 * Anyone may leave feedback without an account, so each client address gets a small allowance per
 * window: enough for a person, too little for a script filling the public list.
 */
export const FEEDBACK_PER_WINDOW = 5;
const FEEDBACK_LIMITS = { perAddress: { points: FEEDBACK_PER_WINDOW, duration: 10 * 60 } };
const FEEDBACK_TOO_OFTEN = { detail: messages.support.feedbackTooOften };

/**
 * The feedback list changes whenever someone leaves feedback: browsers ask again every time (the
 * server's own read cache still answers, and is cleared by each new feedback).
 */
const FEEDBACK_LIST_CACHE = "public, no-cache";

export const supportRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, readCache, counters }) => {
  const support = new SupportRepository(db);
  const limits = new RateLimits("feedback", FEEDBACK_LIMITS, { store: counters });

  app.get(
    `/${supportCalls.faqs.path}`,
    { schema: routeSchema(supportCalls.faqs, TAG) },
    async (_request, reply) => {
      reply.header("cache-control", PUBLIC_CACHE);
      return { data: await support.faqs() };
    },
  );

  app.get(
    `/${supportCalls.feedback.path}`,
    { schema: routeSchema(supportCalls.feedback, TAG) },
    async (_request, reply) => {
      reply.header("cache-control", FEEDBACK_LIST_CACHE);
      return { data: await support.feedback() };
    },
  );

  app.post(
    `/${supportCalls.addFeedback.path}`,
    { schema: routeSchema(supportCalls.addFeedback, TAG) },
    async (request, reply) => {
      if (
        await refusedByLimits(reply, limits, [["perAddress", clientKey(request), "hit"]], FEEDBACK_TOO_OFTEN)
      )
        return reply;
      // `stars` arrives as the stored 0–10 value (clients double the 0–5 stars they show).
      const data = await support.addFeedback(request.body);
      readCache.clear();
      return reply.code(201).send({ data });
    },
  );
};
