// The root `prepare` script: builds `katale` during `npm ci` / `npm install` so `npx katale` works
// right after. Never fails the install: where it cannot build (no dev dependencies, an unusual
// shell, a broken checkout) it says so in one line and `katale` builds itself on first use.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "../../..");
const turbo = join(root, "node_modules", ".bin", process.platform === "win32" ? "turbo.cmd" : "turbo");
const later = "`npx katale` builds it on first use, or run `npm run build -w @katale/cli`";

if (process.env.KATALE_SKIP_CLI_BUILD) {
  process.exit(0);
}
if (!existsSync(turbo)) {
  console.log(`katale: not built at install (dev dependencies not installed); ${later}`);
  process.exit(0);
}
// Through turbo, not tsup alone: its cache then makes the test suite's own build of the CLI a hit.
const build = spawnSync(
  turbo,
  ["run", "build", "--filter=@katale/cli", "--output-logs=errors-only", "--log-prefix=none"],
  {
    cwd: root,
    encoding: "utf8",
    timeout: 180_000,
    env: { ...process.env, TURBO_TELEMETRY_DISABLED: "1" },
    shell: process.platform === "win32",
  },
);
if (build.status === 0) {
  console.log("katale: built packages/cli/dist (try `npx katale --help`)");
} else {
  const why = build.error?.message ?? `${build.stdout ?? ""}${build.stderr ?? ""}`.trim().split("\n").at(-1);
  console.log(`katale: not built at install (${why ?? "the build failed"}); ${later}`);
}
