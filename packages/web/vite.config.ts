import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { bundleBudget } from "./bundle-budget.js";

// The API, media and runtime config come from a running Katale server during development.
const server = process.env.KATALE_DEV_SERVER ?? "http://127.0.0.1:8091";

// React and react-dom render in development, in the component tests and in production alike.
export default defineConfig(() => ({
  plugins: [react(), tailwindcss(), bundleBudget(/\/src\/home\/home-page\.tsx$/)],
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
