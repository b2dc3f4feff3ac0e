import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import { gzipSync } from "node:zlib";
import fastifyStatic from "@fastify/static";
import { INLINE_APP_CONFIG_ID } from "@katale/adapters-http/contract";
import { messages } from "@katale/domain";
import type { FastifyInstance } from "fastify";
import type { Config } from "../config.js";
import { webAppConfig } from "./app-config-routes.js";
import { IMMUTABLE_CACHE, REVALIDATE } from "./cache-control.js";
import { sendError } from "./error-reply.js";
import { firstScreen } from "./first-screen.js";
import { pageSecurityPolicy } from "./security-headers.js";

// The built web app at /: its files, the page every screen starts from (index.html with the runtime
// configuration inlined) for any other page path, and the JSON 404 for everything else.

/** The empty element of index.html the server fills with the web app's runtime configuration. */
const APP_CONFIG_OPEN = `<script type="application/json" id="${INLINE_APP_CONFIG_ID}">`;
const APP_CONFIG_SLOT = `${APP_CONFIG_OPEN}</script>`;

/**
 * index.html with the runtime configuration (what GET /app-config.json answers) inlined, so the app
 * renders without waiting a round trip for it. `<` is escaped: no value can close the script element.
 */
function withAppConfig(html: string, config: Config): string {
  const json = JSON.stringify(webAppConfig(config)).replaceAll("<", "\\u003c");
  return html.replace(APP_CONFIG_SLOT, () => `${APP_CONFIG_OPEN}${json}</script>`);
}

/** index.html filled with the runtime configuration, gzipped, and the policy it runs under. */
function preparePage(indexHtml: string, config: Config) {
  const html = withAppConfig(indexHtml, config);
  return { html, gzipped: gzipSync(html), policy: pageSecurityPolicy(html) };
}

/** `/` with the home screen's data inlined and its largest picture preloaded (the policy is unchanged: JSON is not script). */
async function homePage(app: FastifyInstance, html: string, shopBase: string): Promise<string> {
  const { data, preload } = await firstScreen(app, shopBase);
  return html.replace("</head>", () => `${preload}${data}</head>`);
}

/** Serves the web app built in `webDir` when there is one; sets the app's not-found handler either way. */
export async function registerWebApp(app: FastifyInstance, config: Config, webDir: string): Promise<void> {
  const hasWebApp = existsSync(resolve(webDir, "index.html"));
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: webDir,
      prefix: "/",
      wildcard: false,
      index: false,
      // The build writes .br and .gz copies of each asset (vite.config.ts): sent as they are, by the
      // browser's Accept-Encoding, with no compression work per request.
      preCompressed: true,
      setHeaders(reply, path) {
        // Vite names its assets by content hash; the HTML itself must always be revalidated.
        reply.header("cache-control", path.includes("/assets/") ? IMMUTABLE_CACHE : REVALIDATE);
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
    if (!isPage) return sendError(reply, 404, "not_found", { detail: messages.api.notFound });
    // The home page carries its first screen's data and a preload of its largest picture, made for
    // each request (from the read cache when warm); every other page is the one prepared at start-up.
    const home =
      request.method === "GET" && request.url.split("?")[0] === "/" && config.services.includes("shop");
    const html = home ? await homePage(app, page.html, webAppConfig(config).shopUrl) : null;
    reply
      .header("cache-control", REVALIDATE)
      .header("content-security-policy", page.policy)
      .header("vary", "accept-encoding")
      .type("text/html; charset=utf-8");
    // The compression plugin only wraps routes, not this handler: the page is gzipped here.
    if (!/\bgzip\b/.test(String(request.headers["accept-encoding"] ?? "")))
      return reply.send(html ?? page.html);
    return reply.header("content-encoding", "gzip").send(html === null ? page.gzipped : gzipSync(html));
  });
}
