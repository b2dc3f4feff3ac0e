import { existsSync, mkdirSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import fastifyCompress from "@fastify/compress";
import fastifyStatic from "@fastify/static";
import fastifySwagger from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import { messages } from "@katale/domain";
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import { authRoutes } from "./auth/auth-routes.js";
import { catalogueRoutes } from "./catalogue/catalogue-routes.js";
import type { Config } from "./config.js";
import type { DatabaseHandle } from "./db/connect.js";
import { geoRoutes } from "./geo/geo-routes.js";
import { appConfigRoutes } from "./http/app-config-routes.js";
import { installErrorHandling } from "./http/error-handler.js";
import { healthRoutes, VERSION } from "./http/health-routes.js";
import { redactPaths, serializeRequest } from "./http/log-redaction.js";
import { installReadCache } from "./http/read-cache.js";
import type { RouteDeps } from "./http/route-deps.js";
import { installSecurityHeaders, pageSecurityPolicy } from "./http/security-headers.js";
import { devMailRoutes } from "./mail/dev-mail-routes.js";
import { createMailService, type MailService } from "./mail/mailer.js";
import type { MediaStore } from "./media/media-store.js";
import { productRoutes } from "./products/product-routes.js";
import { shopRoutes } from "./shops/shop-routes.js";
import { supportRoutes } from "./support/support-routes.js";

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
}

const here = fileURLToPath(new URL(".", import.meta.url));
// Same relative place from src/ (tests, tsx) and from dist/ (the built server).
export const DEFAULT_WEB_DIR = resolve(here, "../../web/dist");

/** Channel of the NOTIFY sent by the catalogue tables' triggers (db/migrations). */
const CATALOGUE_CHANGED = "katale_catalogue_changed";
const JSON_BODY_LIMIT = 1024 * 1024;
const ONE_YEAR = 60 * 60 * 24 * 365;

/** The empty element of index.html the server fills with the web app's runtime configuration. */
const APP_CONFIG_OPEN = '<script type="application/json" id="app-config">';
const APP_CONFIG_SLOT = `${APP_CONFIG_OPEN}</script>`;

/**
 * index.html with the runtime configuration (what GET /app-config.json answers) inlined, so the app
 * renders without waiting a round trip for it. `<` is escaped: no value can close the script element.
 */
function withAppConfig(html: string, config: Config): string {
  const json = JSON.stringify({
    authUrl: "/api/auth/",
    shopUrl: "/api/shop/",
    shopIdSecret: config.shopIdSecret,
  }).replaceAll("<", "\\u003c");
  return html.replace(APP_CONFIG_SLOT, () => `${APP_CONFIG_OPEN}${json}</script>`);
}

/** index.html filled with the runtime configuration, gzipped, and the policy it runs under. */
function preparePage(indexHtml: string, config: Config) {
  const html = withAppConfig(indexHtml, config);
  return { html, gzipped: gzipSync(html), policy: pageSecurityPolicy(html) };
}

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database, media } = options;
  const app = Fastify({
    logger: options.logger ?? {
      level: config.logLevel,
      redact: { paths: redactPaths, censor: "[redacted]" },
      serializers: { req: serializeRequest },
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    trustProxy: config.trustProxy,
    bodyLimit: JSON_BODY_LIMIT,
    routerOptions: { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true, maxParamLength: 500 },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app);
  // Before the read cache, whose hook answers cached requests early: those get the headers too.
  installSecurityHeaders(app);

  // Before compression: the cache keeps plain JSON (see http/read-cache.ts).
  const readCache = installReadCache(app, { ttlMs: config.readCacheSeconds * 1000 });
  if (config.readCacheSeconds > 0) {
    const stop = await database.listen(CATALOGUE_CHANGED, () => readCache.clear());
    app.addHook("onClose", async () => stop());
  }

  await app.register(fastifyCompress, { global: true, threshold: 1024, encodings: ["br", "gzip"] });

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: "Katale API",
        version: VERSION,
        description:
          "The authentication service (/api/auth/) and the shop service (/api/shop/) of Katale, paths as in the " +
          'product specification §7. Errors are {"detail": "..."} (or field errors {"field": ["..."]}); ' +
          "paginated lists are {count, next, previous, results} and a page past the end answers 404 " +
          '{"detail": "Invalid page."}. Authenticate with `Authorization: Token <key>` or `Bearer <key>`.',
      },
      servers: [{ url: config.publicUrl }],
      components: {
        securitySchemes: { token: { type: "apiKey", in: "header", name: "Authorization" } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: "/api/docs" });

  const deps: RouteDeps = { db: database.db, config, media, readCache };
  const mail = options.mail ?? createMailService(config);
  app.addHook("onClose", async () => mail.mailer.close());
  await app.register(healthRoutes, deps);
  await app.register(appConfigRoutes, deps);
  if (config.services.includes("auth")) {
    await app.register(authRoutes, { ...deps, mailer: mail.mailer, prefix: "/api/auth" });
  }
  // The development mailbox (never in production: there the mailbox is null).
  if (mail.mailbox) await app.register(devMailRoutes, { mailbox: mail.mailbox });
  if (config.services.includes("shop")) {
    await app.register(
      async (shop) => {
        await shop.register(catalogueRoutes, deps);
        await shop.register(productRoutes, deps);
        await shop.register(shopRoutes, deps);
        await shop.register(supportRoutes, deps);
        await shop.register(geoRoutes, deps);
      },
      { prefix: "/api/shop" },
    );
  }

  mkdirSync(media.publicDir, { recursive: true });
  // Media names are random or content hashes: a file never changes, so it may be cached for a year.
  await app.register(fastifyStatic, {
    root: resolve(media.publicDir),
    prefix: "/media/",
    decorateReply: false,
    index: false,
    list: false,
    dotfiles: "deny",
    maxAge: ONE_YEAR * 1000,
    immutable: true,
  });

  const webDir = options.webDir ?? DEFAULT_WEB_DIR;
  const hasWebApp = existsSync(resolve(webDir, "index.html"));
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: webDir,
      prefix: "/",
      wildcard: false,
      index: false,
      setHeaders(reply, path) {
        // Vite names its assets by content hash; the HTML itself must always be revalidated.
        reply.header(
          "cache-control",
          path.includes("/assets/") ? `public, max-age=${ONE_YEAR}, immutable` : "no-cache",
        );
      },
    });
  }
  // The page every screen starts from, prepared once: the static plugin (wildcard: false) lists the
  // build's files at start-up too, so a rebuilt web app needs a restart either way.
  const page = hasWebApp ? preparePage(await readFile(resolve(webDir, "index.html"), "utf8"), config) : null;

  // History fallback: any other GET for a page gets the web app, which renders its own not-found
  // page; everything else (and every page when there is no web build) is a JSON 404.
  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url;
    const isPage =
      page !== null &&
      (request.method === "GET" || request.method === "HEAD") &&
      !url.startsWith("/api/") &&
      !url.startsWith("/media/");
    if (!isPage) return reply.code(404).send({ detail: messages.api.notFound });
    reply
      .header("cache-control", "no-cache")
      .header("content-security-policy", page.policy)
      .header("vary", "accept-encoding")
      .type("text/html; charset=utf-8");
    // The compression plugin only wraps routes, not this handler: the page is gzipped already.
    if (!/\bgzip\b/.test(String(request.headers["accept-encoding"] ?? ""))) return reply.send(page.html);
    return reply.header("content-encoding", "gzip").send(page.gzipped);
  });

  return app;
}
