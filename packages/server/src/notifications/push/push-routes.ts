import { notificationCalls, routeSchema } from "@katale/adapters-http/contract";
import { messages } from "@katale/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { currentUser, requireUser } from "../../auth/authenticate.js";
import type { Config } from "../../config.js";
import { refusedInput } from "../../engagement/input-refusal.js";
import { PRIVATE_NO_STORE } from "../../http/cache-control.js";
import { sendError } from "../../http/error-reply.js";
import type { RouteDeps } from "../../http/route-deps.js";
import { PushSubscriptions } from "./push-subscriptions.js";
import { VapidKeys } from "./vapid-keys.js";

// Web push (ours, beside spec §7), shop service: the VAPID key browsers subscribe with, and the
// subscriptions the push channel sends to (push-delivery.ts).

const TAG = "notifications";

/** An uncompressed P-256 point is 65 bytes starting 0x04; the auth secret is 16 bytes (RFC 8291). */
function keysProblem(keys: { p256dh: string; auth: string }): Record<string, string[]> | null {
  const point = Buffer.from(keys.p256dh, "base64url");
  if (point.length !== 65 || point[0] !== 4) return { keys: [messages.notifications.pushKeyInvalid] };
  if (Buffer.from(keys.auth, "base64url").length !== 16)
    return { keys: [messages.notifications.pushAuthInvalid] };
  return null;
}

/** The server posts to the endpoint: https only in production (plain http for local tests). */
function endpointProblem(endpoint: string, env: Config["env"]): Record<string, string[]> | null {
  const { protocol } = new URL(endpoint);
  if (protocol === "https:" || (protocol === "http:" && env !== "production")) return null;
  return { endpoint: [messages.notifications.pushEndpointHttps] };
}

export const pushRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, config }) => {
  const vapid = new VapidKeys(db, config);
  const subscriptions = new PushSubscriptions(db);
  const signedIn = { preHandler: requireUser(db), attachValidation: true };

  app.get(
    `/${notificationCalls.pushKey.path}`,
    { schema: routeSchema(notificationCalls.pushKey, TAG) },
    async (_request, reply) => {
      reply.header("cache-control", "no-cache");
      return { public_key: (await vapid.get()).publicKey };
    },
  );

  app.post(
    `/${notificationCalls.subscribePush.path}`,
    { schema: routeSchema(notificationCalls.subscribePush, TAG), ...signedIn },
    async (request, reply) => {
      if (await refusedInput(request, reply)) return reply;
      reply.header("cache-control", PRIVATE_NO_STORE);
      const { endpoint, keys } = request.body;
      const problem = endpointProblem(endpoint, config.env) ?? keysProblem(keys);
      if (problem) return sendError(reply, 400, "invalid_input", problem);
      await subscriptions.subscribe(currentUser(request).id, endpoint, keys);
      return reply.code(201).send({ endpoint });
    },
  );

  app.delete(
    `/${notificationCalls.unsubscribePush.path}`,
    { schema: routeSchema(notificationCalls.unsubscribePush, TAG), ...signedIn },
    async (request, reply) => {
      if (await refusedInput(request, reply)) return reply;
      await subscriptions.unsubscribe(currentUser(request).id, request.body.endpoint);
      return reply.code(204).send(null);
    },
  );
};
