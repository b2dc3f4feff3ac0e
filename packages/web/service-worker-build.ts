import { createHash } from "node:crypto";
import { resolve } from "node:path";
import { build, type Plugin, type ResolvedConfig } from "vite";
import { injectManifest } from "workbox-build";

interface BuiltChunk {
  readonly type: "chunk";
  readonly fileName: string;
  readonly isEntry: boolean;
  readonly facadeModuleId: string | null;
  readonly moduleIds: readonly string[];
  readonly imports: readonly string[];
  readonly viteMetadata?: { readonly importedCss: ReadonlySet<string> };
}

/**
 * Builds worker/service-worker.ts into dist/sw.js after the app, and injects its precache list with
 * workbox-build: index.html, the manifest and icons, and the JavaScript and CSS that `/` starts with
 * (already downloaded by the page, so precaching them costs no second download) and the chunks
 * holding a module matching `alsoPrecache` (the worker's own page-side part, loaded after the first screen). The app's other
 * chunks are kept by the worker as they are used. The build's id (a hash of its chunk names) names
 * the worker's per-build caches and changes the worker's bytes, so each deploy installs a new worker.
 */
export function serviceWorker(alsoPrecache: RegExp): Plugin {
  let config: ResolvedConfig;
  let shell: string[] = [];
  let buildId = "dev";
  return {
    name: "katale-service-worker",
    apply: "build",
    configResolved(resolved) {
      config = resolved;
    },
    generateBundle(_options, bundle) {
      const chunks = new Map<string, BuiltChunk>();
      for (const output of Object.values(bundle)) {
        if (output.type === "chunk") chunks.set(output.fileName, output as unknown as BuiltChunk);
      }
      const files = new Set<string>();
      const visit = (fileName: string) => {
        if (files.has(fileName)) return;
        files.add(fileName);
        const chunk = chunks.get(fileName);
        for (const css of chunk?.viteMetadata?.importedCss ?? []) files.add(css);
        for (const imported of chunk?.imports ?? []) visit(imported);
      };
      for (const chunk of chunks.values()) {
        // By any module in it: a module two lazy chunks share (the gateways' HTTP client) is a
        // chunk of its own that no module stands for.
        const also = chunk.moduleIds.some((id) => alsoPrecache.test(id));
        if (chunk.isEntry || also) visit(chunk.fileName);
      }
      shell = [...files];
      buildId = createHash("sha256")
        .update([...chunks.keys()].sort().join("\n"))
        .digest("hex")
        .slice(0, 12);
    },
    async closeBundle() {
      const outDir = resolve(config.root, config.build.outDir);
      await build({
        configFile: false,
        root: config.root,
        logLevel: "warn",
        publicDir: false,
        define: {
          __KATALE_BUILD__: JSON.stringify(buildId),
          "process.env.NODE_ENV": JSON.stringify("production"),
        },
        build: {
          outDir,
          emptyOutDir: false,
          copyPublicDir: false,
          minify: true,
          reportCompressedSize: false,
          lib: {
            entry: resolve(config.root, "worker", "service-worker.ts"),
            formats: ["iife"],
            name: "katale_service_worker",
            fileName: () => "sw.js",
          },
        },
      });
      const { count, size, warnings } = await injectManifest({
        swSrc: resolve(outDir, "sw.js"),
        swDest: resolve(outDir, "sw.js"),
        globDirectory: outDir,
        globPatterns: ["index.html", "manifest.webmanifest", "*.{svg,png}", "assets/*.css", ...shell],
        // Named by content already: fetched as they are (from the HTTP cache the page filled).
        dontCacheBustURLsMatching: /^assets\//,
      });
      for (const warning of warnings) this.warn(warning);
      this.info(`service worker: ${count} files precached, ${(size / 1024).toFixed(1)} KB`);
    },
  };
}
