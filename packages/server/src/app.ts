import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import fastifyCompress from "@fastify/compress";
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { authRoutes } from "./auth/auth-routes.js";
import { catalogueRoutes } from "./catalogue/catalogue-routes.js";
import { catalogueWriteRoutes } from "./catalogue/catalogue-write-routes.js";
import { ChatHub } from "./chat/chat-hub.js";
import { socketLeases } from "./chat/chat-limits.js";
import { chatPresence } from "./chat/chat-presence.js";
import { chatRoutes } from "./chat/chat-routes.js";
import { registerChatSockets } from "./chat/register-chat-sockets.js";
import type { Config } from "./config.js";
import type { DatabaseHandle } from "./db/connect.js";
import { engagementRoutes } from "./engagement/engagement-routes.js";
import { BrowseIndex } from "./find/browse-index.js";
import { findRoutes } from "./find/find-routes.js";
import { geoRoutes } from "./geo/geo-routes.js";
import { registerApiDocs } from "./http/api-docs.js";
import { appConfigRoutes } from "./http/app-config-routes.js";
import { installNoStoreDefault } from "./http/cache-control.js";
import { answerFrameworkError, installErrorHandling } from "./http/error-handler.js";
import { healthRoutes } from "./http/health-routes.js";
import { installIdempotencyKeys } from "./http/idempotency.js";
import { lingerAfterEarlyAnswers } from "./http/lingering-close.js";
import { loggerOptions } from "./http/logging.js";
import { registerMediaFiles } from "./http/media-files.js";
import { installReadCache, parseCatalogueChange } from "./http/read-cache.js";
import { installRequestWork } from "./http/request-work.js";
import type { RouteDeps } from "./http/route-deps.js";
import { installSecurityHeaders } from "./http/security-headers.js";
import { applyConnectionLimit, serverOptions } from "./http/server-limits.js";
import { openSharedCounters } from "./http/shared-counters.js";
import { registerWebApp } from "./http/web-app.js";
import { openJobQueue } from "./jobs/open-job-queue.js";
import { devMailRoutes } from "./mail/dev-mail-routes.js";
import { createMailService, type MailService } from "./mail/mailer.js";
import type { MediaStore } from "./media/media-store.js";
import { moderationRoutes } from "./moderation/moderation-routes.js";
import { startOwnerMails } from "./moderation/owner-mail.js";
import { startNotificationDelivery } from "./notifications/notification-delivery.js";
import { NotificationLive } from "./notifications/notification-live.js";
import { NotificationRepository } from "./notifications/notification-repository.js";
import { notificationRoutes } from "./notifications/notification-routes.js";
import { startPushDelivery } from "./notifications/push/push-delivery.js";
import { pushRoutes } from "./notifications/push/push-routes.js";
import { unsubscribeRoutes } from "./notifications/unsubscribe-routes.js";
import { productBatchRoutes } from "./products/product-batch-routes.js";
import { productRoutes } from "./products/product-routes.js";
import { productWriteRoutes } from "./products/product-write-routes.js";
import { shopProductPages } from "./products/shop-product-pages.js";
import { shopRoutes } from "./shops/shop-routes.js";
import { shopWriteRoutes } from "./shops/shop-write-routes.js";
import { supportRoutes } from "./support/support-routes.js";
import { shopVerificationRoutes } from "./verification/shop-verification-routes.js";
import { verificationReviewRoutes } from "./verification/verification-review-routes.js";

export interface BuildAppOptions {
  config: Config;
  database: DatabaseHandle;
  media: MediaStore;
  /** Directory of the built web app; defaults to packages/web/dist. Served at / when it exists. */
  webDir?: string;
  /** Override the logger (tests pass false). */
  logger?: FastifyServerOptions["logger"];
  /** Where the default logger writes (stdout unless given). */
  logStream?: { write(line: string): void };
  /** Outgoing mail; by default from the configuration (SMTP_URL, development mailbox). */
  mail?: MailService;
  /** Now, as the notification sweeps see it (tests move it instead of waiting); the system clock by default. */
  clock?: () => Date;
}

const here = fileURLToPath(new URL(".", import.meta.url));
// Same relative place from src/ (tests, tsx) and from dist/ (the built server).
export const DEFAULT_WEB_DIR = resolve(here, "../../web/dist");

/** Channel of the NOTIFY sent by the catalogue tables' triggers (db/migrations). */
const CATALOGUE_CHANGED = "katale_catalogue_changed";
const JSON_BODY_LIMIT = 1024 * 1024;

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database, media } = options;
  const app = Fastify({
    logger: options.logger ?? loggerOptions(config, options.logStream),
    ...serverOptions(config),
    bodyLimit: JSON_BODY_LIMIT,
    routerOptions: { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true, maxParamLength: 500 },
    frameworkErrors: answerFrameworkError,
  }).withTypeProvider<ZodTypeProvider>();

  applyConnectionLimit(app, config);
  lingerAfterEarlyAnswers(app.server);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app);
  database.setLog(app.log);
  // Before the read cache, whose hook answers cached requests early: those get the headers too.
  installSecurityHeaders(app);

  // On PGlite every commit's notice reaches this process at once: the browse index reads its log
  // only after one (find/browse-index.ts). PostgreSQL's notices may come late: it reads it always.
  if (database.kind === "pglite") {
    const stop = await BrowseIndex.of(database.db).watchNotices((channel, onNotify) =>
      database.listen(channel, onNotify),
    );
    app.addHook("onClose", async () => stop());
  }

  // Before the routes and the read cache: answers without a policy of their own are not stored.
  installNoStoreDefault(app);
  // Before compression: the cache keeps plain JSON (see http/read-cache.ts).
  const readCache = installReadCache(app, { ttlMs: config.readCacheSeconds * 1000 });
  if (config.readCacheSeconds > 0) {
    const stop = await database.listen(CATALOGUE_CHANGED, (notice) =>
      readCache.drop(parseCatalogueChange(notice)),
    );
    app.addHook("onClose", async () => stop());
  }

  // Before compression (their onSend reads the plain JSON) and the routes (they extend some).
  installRequestWork(app, config.httpLimits.idleTimeoutMs);
  installIdempotencyKeys(app, database.db);
  await app.register(fastifyCompress, { global: true, threshold: 1024, encodings: ["br", "gzip"] });
  // Before the routes, which it documents.
  await registerApiDocs(app, config);

  // Rate limits count where every instance on the database sees them (Redis, PostgreSQL or memory).
  const counters = await openSharedCounters(config, database, app.log);
  app.addHook("onClose", async () => counters.close());
  // Notifications: recorded by the changes in their transactions, delivered by a durable queue.
  const jobs = openJobQueue(config, database, app.log);
  // The users' notification sockets (one "room" per user); every instance hears every delivery.
  const notificationHub = new ChatHub();
  const live = new NotificationLive(
    notificationHub,
    new NotificationRepository(database.db),
    database.db,
    database.kind === "postgres",
    app.log,
  );
  const stopLive = await live.listen(database);
  app.addHook("onClose", async () => {
    notificationHub.stop();
    await stopLive();
  });
  const mail = options.mail ?? createMailService(config);
  app.addHook("onClose", async () => mail.mailer.close());
  // E-mail and the sweeps of chat notices, unread rooms, saved searches and digests too.
  const notifications = startNotificationDelivery(app, jobs, database.db, {
    config,
    mailer: mail.mailer,
    clock: options.clock,
    live,
  });
  const deps: RouteDeps = {
    db: database.db,
    config,
    media,
    readCache,
    counters: counters.store,
    notifier: notifications.notifier,
  };
  startPushDelivery(jobs, database.db, config);
  // Moderation's e-mails to the owners of what it hides or shows again.
  startOwnerMails(jobs, database.db, mail.mailer, config.publicUrl);
  await app.register(healthRoutes, deps);
  await app.register(appConfigRoutes, deps);
  if (config.services.includes("auth")) {
    // The accounts' statements go first on the database: a login does not queue behind catalogue reads.
    await app.register(authRoutes, {
      ...deps,
      db: database.priorityDb,
      mailer: mail.mailer,
      prefix: "/api/auth",
    });
  }
  // The development mailbox (never in production: there the mailbox is null).
  if (mail.mailbox) await app.register(devMailRoutes, { mailbox: mail.mailbox });
  if (config.services.includes("shop")) {
    // Live chat (issue 11): the socket server on the root, the room calls and socket under the shop service.
    // A user's open sockets count on every instance (leases in the shared counters; none on PGlite).
    const chatSockets = socketLeases(counters.store, (err) =>
      app.log.warn({ err }, "chat: cannot write this instance's socket count"),
    );
    // Who has which room open, for the other instances' notices (PostgreSQL; one instance on PGlite).
    const chatPresenceRows =
      database.kind === "postgres"
        ? chatPresence(database.db, (err) => app.log.warn({ err }, "chat: cannot write who has a room open"))
        : undefined;
    const chatHub = new ChatHub({}, chatSockets, chatPresenceRows);
    app.addHook("onClose", async () => chatSockets?.settled());
    app.addHook("onClose", async () => chatPresenceRows?.settled());
    await registerChatSockets(app, chatHub, notificationHub);
    await app.register(
      async (shop) => {
        await shop.register(catalogueRoutes, deps);
        await shop.register(productRoutes, deps);
        await shop.register(shopProductPages, deps);
        await shop.register(shopRoutes, deps);
        await shop.register(supportRoutes, deps);
        await shop.register(engagementRoutes, deps);
        await shop.register(geoRoutes, deps);
        await shop.register(findRoutes, deps);
        // Selling (issue 9): shops, products and the shop's verification request.
        await shop.register(shopWriteRoutes, deps);
        await shop.register(productWriteRoutes, deps);
        await shop.register(productBatchRoutes, deps);
        await shop.register(shopVerificationRoutes, deps);
        // Admins (issue 10): the catalogue and the verification review.
        await shop.register(catalogueWriteRoutes, deps);
        await shop.register(verificationReviewRoutes, { ...deps, mailer: mail.mailer });
        await shop.register(chatRoutes, {
          ...deps,
          database,
          hub: chatHub,
          sockets: chatSockets,
          notices: {
            openHere: (roomId, userId) => chatHub.isOpen(roomId, userId),
            stored: () => notifications.sweeper.chatStored(),
            instance: chatPresenceRows?.instance,
          },
        });
        await shop.register(notificationRoutes, { ...deps, hub: notificationHub, live });
        await shop.register(pushRoutes, deps);
        // Notification e-mail: the one-click unsubscribe link (no sign-in).
        await shop.register(unsubscribeRoutes, { db: database.db, links: notifications.links });
        // Trust and safety: reports, moderation and the admins' audit log.
        await shop.register(moderationRoutes, deps);
      },
      { prefix: "/api/shop" },
    );
  }

  await registerMediaFiles(app, media);
  // Last: its not-found handler serves the web app's page for any path no route took.
  await registerWebApp(app, config, options.webDir ?? DEFAULT_WEB_DIR);

  return app;
}
