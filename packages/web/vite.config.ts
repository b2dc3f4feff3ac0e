import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { bundleBudget } from "./bundle-budget.js";

// The API, media and runtime config come from a running Katale server during development.
const server = process.env.KATALE_DEV_SERVER ?? "http://127.0.0.1:8091";

// The production bundle renders with Preact's React compatibility layer: the same components and
// hooks, ~4 KB gzipped instead of react-dom's ~60 KB, which keeps the first visit of phones on slow
// networks within budget (issue 3: at most 120 KB of JavaScript for /). The dev server and the
// component tests (Testing Library) run on React itself; the browser end-to-end tests run the build.
const preactCompat = [
  { find: /^react-dom\/client$/, replacement: "preact/compat/client" },
  { find: /^react-dom$/, replacement: "preact/compat" },
  { find: /^react\/jsx-runtime$/, replacement: "preact/jsx-runtime" },
  { find: /^react\/jsx-dev-runtime$/, replacement: "preact/jsx-dev-runtime" },
  { find: /^react$/, replacement: "preact/compat" },
];

export default defineConfig(({ command }) => ({
  plugins: [react(), tailwindcss(), bundleBudget(/\/src\/home\/home-page\.tsx$/)],
  resolve: {
    alias: [...(command === "build" ? preactCompat : [])],
  },
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
  },
}));
