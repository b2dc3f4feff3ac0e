import { notificationCalls, parsePage, routeSchema } from "@katale/adapters-http/contract";
import { isNotificationKind, messages, type NotificationKind } from "@katale/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { currentUser, requireUser } from "../auth/authenticate.js";
import type { ChatHub } from "../chat/chat-hub.js";
import { refusedInput } from "../engagement/input-refusal.js";
import { PRIVATE_NO_STORE } from "../http/cache-control.js";
import { sendError } from "../http/error-reply.js";
import { INVALID_PAGE } from "../http/not-found-messages.js";
import { pagedAnswer } from "../http/page-links.js";
import type { RouteDeps } from "../http/route-deps.js";
import type { NotificationLive } from "./notification-live.js";
import { NOTIFICATIONS_PER_PAGE, NotificationRepository } from "./notification-repository.js";
import { notificationSocketRoute } from "./notification-socket-route.js";

// The inbox and the choices per kind and channel (ours, beside spec §7), shop service, bearer.

const TAG = "notifications";

export interface NotificationRouteOptions extends RouteDeps {
  /** The users' notification sockets on this instance (registerChatSockets serves them). */
  hub: ChatHub;
  /** Tells the users' sockets, on every instance, of entries written and read. */
  live: NotificationLive;
}

export const notificationRoutes: FastifyPluginAsyncZod<NotificationRouteOptions> = async (
  app,
  { db, config, hub, live },
) => {
  const inbox = new NotificationRepository(db);
  notificationSocketRoute(app, { db, hub, live });
  const signedIn = { preHandler: requireUser(db), attachValidation: true };

  app.get(
    `/${notificationCalls.listNotifications.path}`,
    { schema: routeSchema(notificationCalls.listNotifications, TAG), ...signedIn },
    async (request, reply) => {
      if (await refusedInput(request, reply)) return reply;
      reply.header("cache-control", PRIVATE_NO_STORE);
      const page = parsePage(request.query.page);
      if (page === null) return sendError(reply, 404, "invalid_page", { detail: INVALID_PAGE });
      const me = currentUser(request).id;
      const found = await inbox.page(me, page, request.query.unread === "1");
      const answer = pagedAnswer(request, config.publicUrl, page, NOTIFICATIONS_PER_PAGE, found);
      if (answer === null) return sendError(reply, 404, "invalid_page", { detail: INVALID_PAGE });
      const { results, ...links } = answer;
      return { ...links, unread: found.unread, results };
    },
  );

  app.post(
    `/${notificationCalls.markNotificationsRead.path}`,
    { schema: routeSchema(notificationCalls.markNotificationsRead, TAG), ...signedIn },
    async (request, reply) => {
      if (await refusedInput(request, reply)) return reply;
      reply.header("cache-control", PRIVATE_NO_STORE);
      const me = currentUser(request).id;
      const ids = request.body?.ids;
      const given = ids === undefined || ids.length === 0 ? undefined : ids;
      if (given && (await inbox.foreignIds(me, given)).length > 0)
        return sendError(reply, 404, "notification_not_found", {
          detail: messages.notifications.notificationNotFound,
        });
      const unread = await inbox.markRead(me, given);
      await live.read(me);
      return { unread };
    },
  );

  app.get(
    `/${notificationCalls.notificationSettings.path}`,
    { schema: routeSchema(notificationCalls.notificationSettings, TAG), ...signedIn },
    async (request, reply) => {
      reply.header("cache-control", PRIVATE_NO_STORE);
      return { settings: await inbox.settings(currentUser(request).id) };
    },
  );

  app.put(
    `/${notificationCalls.saveNotificationSettings.path}`,
    { schema: routeSchema(notificationCalls.saveNotificationSettings, TAG), ...signedIn },
    async (request, reply) => {
      if (await refusedInput(request, reply)) return reply;
      reply.header("cache-control", PRIVATE_NO_STORE);
      const changes: Partial<Record<NotificationKind, { inbox: boolean; email: boolean; push: boolean }>> =
        {};
      for (const [kind, choice] of Object.entries(request.body.settings)) {
        if (!isNotificationKind(kind))
          return sendError(reply, 400, "invalid_input", { detail: messages.notifications.unknownKind(kind) });
        changes[kind] = choice;
      }
      const me = currentUser(request).id;
      await inbox.saveSettings(me, changes);
      return { settings: await inbox.settings(me) };
    },
  );
};
