import { fileURLToPath } from "node:url";
import { constants as zlibConstants } from "node:zlib";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { compression, defineAlgorithm } from "vite-plugin-compression2";
import { bundleBudget } from "./bundle-budget.js";
import { firstScreenStyles } from "./first-screen-styles.js";
import { serviceWorker } from "./service-worker-build.js";

// The API, media and runtime config come from a running Katale server during development.
const server = process.env.KATALE_DEV_SERVER ?? "http://127.0.0.1:8091";

/** The libraries every screen starts with (chunked together below). */
const libraries =
  /node_modules[\\/]((react|react-dom|scheduler|react-router|@tanstack)[\\/]|lucide-react[\\/]dist[\\/]esm[\\/](?!icons[\\/]|lucide-react))/;

// React and react-dom render in development, in the component tests and in production alike.
export default defineConfig(() => ({
  plugins: [
    react(),
    tailwindcss(),
    bundleBudget(/\/src\/home\/home-page\.tsx$/),
    // dist/first-screen.css: the styles of what a first visit of / loads (the home screen, and the
    // worker's page-side part after it), which the server inlines instead of all of them with data saver.
    firstScreenStyles(
      fileURLToPath(new URL("./src/index.css", import.meta.url)),
      /\/src\/(home\/home-page|pwa\/pwa-ui)\.tsx$/,
    ),
    // dist/sw.js with its precache list (service-worker-build.ts): also the chunks every screen may
    // need at once that `/` loads later or on first use (the worker's page-side part, the footer,
    // the user menu's items, the login popup, the home's later sections, and the HTTP gateways (a
    // chunk each) with their client and zod, which `/` reads its inlined answers without), so they
    // work offline.
    serviceWorker(
      /\/src\/(pwa\/pwa-ui|shell\/footer|shell\/user-menu-panel|auth\/login-prompt|home\/later-sections|http\/http-client|\w+\/[\w-]+-http-gateway)\.tsx?$/,
    ),
    // Brotli (best quality) and gzip copies of every asset beside it, made once at build time: the
    // server sends them as they are (@fastify/static preCompressed) instead of compressing each
    // request. index.html is left out: the server fills it in at start-up and compresses it then.
    compression({
      algorithms: [
        defineAlgorithm("brotliCompress", { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
        defineAlgorithm("gzip", { level: 9 }),
      ],
      include: /\.(js|mjs|css|svg|json|txt|webmanifest)$/,
      threshold: 1024,
      skipIfLargerOrEqual: true,
      logLevel: "silent",
    }),
  ],
  server: {
    port: 5173,
    proxy: {
      "/api": server,
      "/media": server,
      "/app-config.json": server,
    },
  },
  build: {
    outDir: "dist",
    // Phones on slow networks: report sizes, keep chunks small and let routes load on demand.
    reportCompressedSize: true,
    chunkSizeWarningLimit: 200,
    // dist/.vite/manifest.json: the server preloads the chunks of the screen a first visit opens on.
    manifest: true,
    rolldownOptions: {
      output: {
        // Shared chunks under ~6 KB of source go into each chunk that uses them instead of being
        // requests of their own: a first visit of a product page fetched 26 chunks, now 10 (HTTP/1.1
        // opens six connections at a time; each further round trip is ~150 ms on a phone). Costs
        // ~6 KB gzipped on / (still under the budget) for the repeated code and ordered start-up.
        codeSplitting: {
          experimentalInlineCommonChunks: { maxSize: 6000 },
          // React, its router and query cache, lucide's icon maker (not its icons) and Vite's loader
          // of lazy chunks: one chunk, which every screen starts with. Left to themselves they were
          // cut into seven chunks by which screens use which part, each a request of its own on a
          // first visit: JavaScript for / 123.9 → 119.6 KB gzipped, 10 → 5 chunks.
          groups: [
            {
              name: "libraries",
              test: (id: string) => libraries.test(id) || id.includes("vite/preload-helper"),
            },
          ],
        },
      },
    },
  },
}));
