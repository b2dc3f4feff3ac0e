import { defineConfig } from "tsup";

// One bundle for the server; our own workspace packages are compiled in (their exports point at
// TypeScript source), npm dependencies stay external.
export default defineConfig({
  entry: ["src/main.ts"],
  format: ["esm"],
  platform: "node",
  target: "node20",
  outDir: "dist",
  clean: true,
  sourcemap: true,
  noExternal: [/^@katale\//],
});
