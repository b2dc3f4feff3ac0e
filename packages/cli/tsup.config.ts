import { defineConfig } from "tsup";

// One executable file holding everything: our workspace packages (whose exports point at TypeScript
// source) and the npm dependencies. One file to read starts much faster than hundreds of modules.
export default defineConfig({
  entry: { katale: "src/main.ts" },
  format: ["esm"],
  platform: "node",
  target: "node20",
  outDir: "dist",
  clean: true,
  sourcemap: true,
  banner: {
    // commander is CommonJS: its require() calls of Node built-ins need a require in the ESM bundle.
    js: '#!/usr/bin/env node\nimport { createRequire as __kataleCreateRequire } from "node:module";\nconst require = __kataleCreateRequire(import.meta.url);',
  },
  noExternal: [
    /^@katale\//,
    "commander",
    "inversify",
    /^@inversifyjs\//,
    "reflect-metadata",
    "zod",
    "csv-parse",
    "csv-stringify",
    "iconv-lite",
    "safer-buffer",
    "cli-progress",
    "xmlbuilder2",
    "ws",
    /^@oozcitak\//,
    // `katale tui` (a chunk of its own, loaded only by that command): Ink, its components, React.
    "ink",
    "@inkjs/ui",
    "react",
  ],
  // Ink loads it only when DEV=true (React DevTools); it is not installed.
  external: ["react-devtools-core"],
});
