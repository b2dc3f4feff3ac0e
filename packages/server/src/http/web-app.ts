import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import { brotliCompressSync, gzipSync, constants as zlibConstants } from "node:zlib";
import fastifyStatic from "@fastify/static";
import { INLINE_APP_CONFIG_ID } from "@katale/adapters-http/contract";
import { firstScreenAt, messages, savesData } from "@katale/domain";
import type { FastifyInstance } from "fastify";
import type { Config } from "../config.js";
import { webAppConfig } from "./app-config-routes.js";
import { IMMUTABLE_CACHE, REVALIDATE } from "./cache-control.js";
import { sendError } from "./error-reply.js";
import { firstScreen, SCREEN_MODULES, SKELETON_END, SKELETON_START } from "./first-screen.js";
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

/**
 * index.html with the build's stylesheets inlined: the first paint waits for no request of its own
 * (a phone's first visit pays a round trip, on HTTP/1.1 behind the page's scripts, for ~8 KB of
 * compressed CSS otherwise). The page is revalidated rather than cached, so each page view carries
 * them again; a stylesheet that cannot be read stays a link.
 */
async function withInlineStyles(html: string, webDir: string): Promise<string> {
  let inlined = html;
  for (const [link, file = ""] of stylesheetLinks(html)) {
    try {
      const css = await readFile(resolve(webDir, file), "utf8");
      inlined = inlined.replace(link, () => styleElement(css));
    } catch {
      // Left as the link.
    }
  }
  return inlined;
}

const stylesheetLinks = (html: string) => [
  ...html.matchAll(/<link rel="stylesheet"[^>]*? href="\/(assets\/[^"]+\.css)"[^>]*>/g),
];
const styleElement = (css: string) => `<style>${css.replaceAll("</style", "<\\/style")}</style>`;

/** The web build's first screen's styles (web first-screen-styles.ts), beside index.html. */
const FIRST_SCREEN_STYLES = "first-screen.css";

/**
 * index.html for a data saver visit of `/`: with only the styles its first screen uses (a build's
 * first-screen.css) inlined, and the whole stylesheet named in `<meta name="app-styles">` for the app
 * to load before it shows anything else (web ui/all-styles.ts). Null when the build has no such
 * file or more than one stylesheet.
 */
async function withFirstScreenStyles(html: string, webDir: string): Promise<string | null> {
  const links = stylesheetLinks(html);
  const [link, file] = links[0] ?? [];
  if (links.length !== 1 || link === undefined || file === undefined) return null;
  try {
    const css = await readFile(resolve(webDir, FIRST_SCREEN_STYLES), "utf8");
    return html.replace(link, () => `${styleElement(css)}<meta name="app-styles" content="/${file}">`);
  } catch {
    return null;
  }
}

/** index.html filled with the runtime configuration, compressed, and the policy it runs under. */
function preparePage(indexHtml: string, config: Config) {
  const html = withAppConfig(indexHtml, config);
  return {
    html,
    gzipped: gzipSync(html, { level: 9 }),
    brotli: brotliCompressSync(html, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
    policy: pageSecurityPolicy(html),
  };
}

/**
 * Brotli's quality for a page made for its request (a first screen's): at 5 the home page (50–75 KB)
 * compresses in about a millisecond and comes out 7% smaller than gzip; at 11 (the page prepared at
 * start-up) 17% smaller, but in 50–80 ms (docs/performance.md, "Data saver").
 */
const PAGE_BROTLI_QUALITY = 5;

interface ManifestChunk {
  readonly file: string;
  readonly imports?: readonly string[];
  readonly isEntry?: boolean;
}

/**
 * The build's manifest (Vite `build.manifest`) read as `<link rel=modulepreload>` tags by module: a
 * screen's lazy chunk and the chunks it imports, less what index.html already loads, so a first visit
 * of that screen downloads them beside the entry instead of a round trip after it has run. No
 * gateway chunk: the page carries every answer its first screen asks for (first-screen.ts), so
 * the gateways, the contract and zod load on the first call that asks a service, after it.
 */
async function modulePreloads(webDir: string): Promise<Map<string, string>> {
  const tags = new Map<string, string>();
  let manifest: Record<string, ManifestChunk>;
  try {
    manifest = JSON.parse(await readFile(resolve(webDir, ".vite", "manifest.json"), "utf8"));
  } catch {
    return tags; // No manifest: the screens' chunks load when the app asks for them.
  }
  const closure = (key: string, into: Set<string>) => {
    const chunk = manifest[key];
    if (chunk === undefined || into.has(chunk.file)) return;
    into.add(chunk.file);
    for (const imported of chunk.imports ?? []) closure(imported, into);
  };
  const entry = new Set<string>();
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) closure(key, entry);
  for (const key of Object.values(SCREEN_MODULES)) {
    const files = new Set<string>();
    closure(key, files);
    const links = [...files]
      .filter((file) => !entry.has(file) && file.endsWith(".js"))
      .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
    tags.set(key, links.join(""));
  }
  return tags;
}

/**
 * The page with its first screen's data inlined, its largest picture and its screen's chunks
 * preloaded (the policy is unchanged: JSON is not script), or null when the page has none.
 */
async function firstScreenPage(
  app: FastifyInstance,
  html: string,
  shopBase: string,
  url: string,
  preloads: Map<string, string>,
  saveData: boolean,
): Promise<string | null> {
  const { data, preload, module, skeleton } = await firstScreen(app, shopBase, url, saveData);
  const chunks = module === undefined ? "" : (preloads.get(module) ?? "");
  if (data === "" && preload === "" && chunks === "") return null;
  // The answers go after the skeleton, at the end of the body: the browser paints the skeleton
  // without first parsing them (the home page's are ~80 KB); the head says they are coming.
  const coming = data === "" ? "" : '<meta name="first-screen" content="inlined">';
  // The picture's preload goes before the app's scripts: the browser asks for it first instead of
  // after a dozen chunks (on HTTP/1.1, six at a time), so it does not wait for a connection.
  const head = html.slice(0, html.indexOf("</head>"));
  const script = head.search(/<script type="module"|<link rel="modulepreload"/);
  const withPreload = script < 0 ? html : `${html.slice(0, script)}${preload}${html.slice(script)}`;
  const page = withPreload
    .replace("</head>", () => `${script < 0 ? preload : ""}${chunks}${coming}</head>`)
    .replace("</body>", () => `${data}</body>`);
  if (skeleton === undefined || !page.includes(SKELETON_START)) return page;
  // With the picture in the skeleton, index.html's script starts the app once the picture is on
  // screen (so it paints before the app's first render holds the thread); only in a build whose
  // page has that script. Nothing of the app is asked for before then: the entry and the screen's
  // chunks are named in metas, which the script turns into requests. On a slow network the picture
  // so has the line to itself, and the app follows it by that picture's few kilobytes.
  if (!page.includes(APP_ENTRY_STARTER)) return skeletonIn(page, skeleton);
  const deferred = page
    .replace(
      /<script type="module" crossorigin src="([^"]+)"><\/script>/,
      (_, src: string) => `<meta name="app-entry" id="app-entry" content="${src}">`,
    )
    .replaceAll(
      /<link rel="modulepreload" crossorigin href="([^"]+)">/g,
      (_, href: string) => `<meta name="app-chunk" content="${href}">`,
    );
  return skeletonIn(deferred, skeleton);
}

/** index.html's script that starts the app's entry when the server only preloads it. */
const APP_ENTRY_STARTER = 'document.getElementById("app-entry")';

/** The page with `skeleton` between its first-screen marks. */
function skeletonIn(page: string, skeleton: string): string {
  const start = page.indexOf(SKELETON_START);
  const end = page.indexOf(SKELETON_END, start);
  if (start < 0 || end < 0) return page;
  return `${page.slice(0, start)}${skeleton}${page.slice(end + SKELETON_END.length)}`;
}

/** The page marked for the app's data saver (`<html data-save-data="on">`, read by the app at start). */
function savingData(html: string): string {
  return html.replace(/<html(\s[^>]*)?>/, (tag) => `${tag.slice(0, -1)} data-save-data="on">`);
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
  const indexHtml = hasWebApp ? await readFile(resolve(webDir, "index.html"), "utf8") : "";
  const page = hasWebApp ? preparePage(await withInlineStyles(indexHtml, webDir), config) : null;
  // `/` with data saver: the first screen's styles only.
  const leanHtml = hasWebApp ? await withFirstScreenStyles(indexHtml, webDir) : null;
  const leanHome = leanHtml === null ? null : preparePage(leanHtml, config);
  const preloads = hasWebApp ? await modulePreloads(webDir) : new Map<string, string>();

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
    // The home, product and category pages carry their first screen's data and a preload of their
    // largest picture, made for each request (from the read cache when warm); every other page is
    // the one prepared at start-up.
    // `Save-Data: on`: the page says so to the app (its data saver starts on) and its first
    // screen's pictures are a size smaller; the app's data saver switch (its cookie) overrides the
    // header either way for the pictures.
    const saveDataHeader = String(request.headers["save-data"] ?? "")
      .trim()
      .toLowerCase();
    const saveData = savesData(saveDataHeader, request.headers.cookie);
    const [pathname = "", query = ""] = url.split("?", 2);
    const base =
      saveData && leanHome !== null && firstScreenAt(pathname, query)?.screen === "home" ? leanHome : page;
    const screen =
      request.method === "GET" && config.services.includes("shop")
        ? await firstScreenPage(app, base.html, webAppConfig(config).shopUrl, url, preloads, saveData)
        : null;
    const html = saveDataHeader === "on" ? savingData(screen ?? base.html) : screen;
    reply
      .header("cache-control", REVALIDATE)
      .header("content-security-policy", base.policy)
      .header("vary", "accept-encoding, save-data, cookie")
      .type("text/html; charset=utf-8");
    // The compression plugin only wraps routes, not this handler: the page is compressed here, with
    // brotli where the browser takes it (every current one over HTTPS and on localhost), else gzip.
    const accepted = String(request.headers["accept-encoding"] ?? "");
    if (/\bbr\b/.test(accepted)) {
      const body =
        html === null
          ? base.brotli
          : brotliCompressSync(html, {
              params: { [zlibConstants.BROTLI_PARAM_QUALITY]: PAGE_BROTLI_QUALITY },
            });
      return reply.header("content-encoding", "br").send(body);
    }
    if (!/\bgzip\b/.test(accepted)) return reply.send(html ?? base.html);
    return reply.header("content-encoding", "gzip").send(html === null ? base.gzipped : gzipSync(html));
  });
}
