/// <reference lib="webworker" />
import { clientsClaim } from "workbox-core";
import { ExpirationPlugin } from "workbox-expiration";
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from "workbox-precaching";
import { registerRoute } from "workbox-routing";
import { CacheFirst, NetworkFirst, StaleWhileRevalidate } from "workbox-strategies";
import {
  CACHES,
  KEPT_CHUNKS,
  KEPT_MEDIA,
  KEPT_PICTURES,
  KEPT_READS,
  NETWORK_TIMEOUT_SECONDS,
  SAVED_AT_HEADER,
} from "./cache-names.js";
import { ByteBudget, freshEnough, keepPublicOnly, stamped } from "./cache-rules.js";
import { openNotification, showPush } from "./push.js";

// Katale's service worker (built by service-worker-build.ts, its precache list injected by
// workbox-build). It keeps the app shell, the public answers and the pictures a user has seen, so
// the pages read offline; each cache is bounded in entries and bytes. It also shows push
// notifications. Decision record: docs/performance.md, "The service worker's caches".

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
};

/** This build's id (a hash of its chunk names): the caches of answers and chunks are per build. */
declare const __KATALE_BUILD__: string;
const BUILD = __KATALE_BUILD__;

// The shell: index.html, the JavaScript and CSS `/` starts with, icons. A new deploy's worker waits
// (the page offers "Update available") unless no page runs the old app.
// No directory index: `/` is a page of its own (the server inlines its first screen), not index.html.
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: "" });
cleanupOutdatedCaches();
clientsClaim();

const names = CACHES(BUILD);

self.addEventListener("message", (event) => {
  const data = event.data as { type?: string } | null;
  if (data?.type === "SKIP_WAITING") void self.skipWaiting();
  if (data?.type === "VERSION") event.ports[0]?.postMessage({ build: BUILD });
});

self.addEventListener("activate", (event) => {
  // Answers cached for another build's app are dropped: a new app never reads an older API's
  // shapes, and an old one is never running under this worker.
  event.waitUntil(
    caches.keys().then((keys) =>
      Promise.all(
        keys
          .filter((key) => key.startsWith("katale-") && !(Object.values(names) as string[]).includes(key))
          .filter((key) => key !== KEPT_MEDIA)
          .map((key) => caches.delete(key)),
      ),
    ),
  );
});

self.addEventListener("install", (event) => {
  // The runtime configuration, for the shell a page opened offline starts from.
  event.waitUntil(
    caches
      .open(names.screens)
      .then((cache) => cache.add("/app-config.json"))
      .catch(() => undefined),
  );
});

const sameOrigin = (url: URL) => url.origin === self.location.origin;

// Pages: always from the network while there is one, so an open tab never starts an old app against
// a newer API; offline, the precached shell, which renders the route from the kept answers. The
// answers a page came with (its first screen, inlined by the server) are kept as if asked for.
registerRoute(
  ({ request, url }) => request.mode === "navigate" && sameOrigin(url) && !url.pathname.startsWith("/api/"),
  async ({ request, event }) => {
    try {
      const response = await fetch(request);
      if (response.ok) event.waitUntil(keepInlinedAnswers(response.clone(), names.reads));
      return response;
    } catch {
      return (await matchPrecache("/index.html")) ?? Response.error();
    }
  },
);

registerRoute(
  ({ url }) => sameOrigin(url) && url.pathname === "/app-config.json",
  new NetworkFirst({ cacheName: names.screens, networkTimeoutSeconds: 5 }),
);

// The app's other chunks (lazy screens), named by content: kept once used.
registerRoute(
  ({ url, request }) => sameOrigin(url) && url.pathname.startsWith("/assets/") && request.method === "GET",
  new CacheFirst({
    cacheName: names.app,
    plugins: [
      stamped(),
      new ExpirationPlugin({ maxEntries: KEPT_CHUNKS.entries, purgeOnQuotaError: true }),
      new ByteBudget(names.app, KEPT_CHUNKS.bytes),
    ],
  }),
);

// Public GET answers of the services. Only answers the server marks `public` (the same for every
// user) are kept: nothing a signed-in user alone may see. A kept answer still within the server's
// max-age is answered at once and refreshed behind it (stale-while-revalidate); an older one, or one
// the server wants revalidated (`no-cache`: reviews, followers), is asked for first and the kept copy
// is the answer only when the network fails or is too slow, so a user's own change always shows.
const readPlugins = [
  keepPublicOnly(),
  stamped(),
  new ExpirationPlugin({
    maxEntries: KEPT_READS.entries,
    maxAgeSeconds: KEPT_READS.days * 24 * 3600,
    purgeOnQuotaError: true,
  }),
  new ByteBudget(names.reads, KEPT_READS.bytes),
];
const keptFirst = new StaleWhileRevalidate({ cacheName: names.reads, plugins: readPlugins });
const networkFirst = new NetworkFirst({
  cacheName: names.reads,
  plugins: readPlugins,
  networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
});
registerRoute(
  ({ url, request }) => sameOrigin(url) && url.pathname.startsWith("/api/") && request.method === "GET",
  async (options) => {
    const kept = await (await caches.open(names.reads)).match(options.request);
    return (freshEnough(kept) ? keptFirst : networkFirst).handle(options);
  },
);

// Pictures: stored by content, so the kept copy is always right. Offline, a picture not kept at the
// size asked (a turned phone, a wider window) is shown from another kept size of it.
const pictures = new CacheFirst({
  cacheName: KEPT_MEDIA,
  plugins: [
    keepPublicOnly(),
    stamped(),
    new ExpirationPlugin({
      maxEntries: KEPT_PICTURES.entries,
      maxAgeSeconds: KEPT_PICTURES.days * 24 * 3600,
      purgeOnQuotaError: true,
    }),
    new ByteBudget(KEPT_MEDIA, KEPT_PICTURES.bytes),
  ],
});
registerRoute(
  ({ url, request }) =>
    sameOrigin(url) && url.pathname.startsWith("/media/") && request.destination === "image",
  async (options) => {
    try {
      return await pictures.handle(options);
    } catch (error) {
      const kept = await caches.open(KEPT_MEDIA);
      for (const other of otherSizes(options.url)) {
        const found = await kept.match(other, { ignoreVary: true });
        if (found) return found;
      }
      throw error;
    }
  },
);

/** The other stored sizes of a picture (media store variants -240, -480, -800 and the main file), largest first. */
function otherSizes(url: URL): string[] {
  const match = /^(.*?)(?:-(?:240|480|800))?\.webp$/.exec(url.pathname);
  if (match === null) return [];
  const base = `${url.origin}${match[1]}`;
  return [`${base}.webp`, `${base}-800.webp`, `${base}-480.webp`, `${base}-240.webp`].filter(
    (candidate) => candidate !== url.href,
  );
}

/** The first-screen answers inlined in a page, kept in the answers' cache under their own URLs. */
async function keepInlinedAnswers(page: Response, cacheName: string): Promise<void> {
  if (!(page.headers.get("content-type") ?? "").includes("text/html")) return;
  const html = await page.text();
  const cache = await caches.open(cacheName);
  const config = /<script type="application\/json" id="app-config">([\s\S]*?)<\/script>/.exec(html)?.[1];
  if (config) {
    await (await caches.open(names.screens)).put(
      "/app-config.json",
      new Response(config, { headers: { "content-type": "application/json" } }),
    );
  }
  const inlined = /<script type="application\/json" id="first-screen">([\s\S]*?)<\/script>/.exec(html)?.[1];
  if (!inlined) return;
  let answers: Record<string, unknown>;
  try {
    answers = JSON.parse(inlined) as Record<string, unknown>;
  } catch {
    return;
  }
  const savedAt = String(Date.now());
  for (const [path, body] of Object.entries(answers)) {
    // The home page carries its product list cut to what its first screen shows: not the answer.
    if (/\/product\/$/.test(path)) continue;
    await cache.put(
      new URL(path, self.location.origin).href,
      new Response(JSON.stringify(body), {
        headers: { "content-type": "application/json", [SAVED_AT_HEADER]: savedAt },
      }),
    );
  }
}

self.addEventListener("push", (event) => event.waitUntil(showPush(self.registration, event.data)));
self.addEventListener("notificationclick", (event) =>
  event.waitUntil(openNotification(self.clients, self.location.origin, event.notification)),
);
