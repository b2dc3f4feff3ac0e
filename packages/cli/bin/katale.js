#!/usr/bin/env node
// `katale` as npm links it (node_modules/.bin/katale, `npx katale`, `npm link`): runs the built
// dist/katale.js. The root `prepare` script builds it at `npm ci`; when it is missing anyway (an
// install with --ignore-scripts, a fresh `git clean`), build it once here rather than fail.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const packageDir = join(dirname(fileURLToPath(import.meta.url)), "..");
const built = join(packageDir, "dist", "katale.js");

if (!existsSync(built)) {
  process.stderr.write("katale: building the CLI once (packages/cli/dist is missing)…\n");
  const build = spawnSync("npm", ["run", "-s", "build"], {
    cwd: packageDir,
    stdio: ["ignore", "ignore", "inherit"],
    shell: process.platform === "win32",
  });
  if (build.status !== 0 || !existsSync(built)) {
    process.stderr.write(
      "katale: the CLI is not built; run `npm run build -w @katale/cli` in the repository\n",
    );
    process.exit(1);
  }
}

await import(pathToFileURL(built).href);
