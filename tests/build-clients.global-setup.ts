import { execFileSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

// The integration project runs the clients as users get them: the built web app (browser tests) and
// the built `katale` (CLI tests). Build both once, before any test file starts, so test files never
// race each other writing the same dist folders. turbo skips what is already up to date.
export default function buildClients(): void {
  const root = join(dirname(fileURLToPath(import.meta.url)), "..");
  execFileSync(
    join(root, "node_modules/.bin/turbo"),
    ["run", "build", "--filter=@katale/web", "--filter=@katale/cli", "--output-logs=errors-only"],
    { cwd: root, stdio: "inherit", env: { ...process.env, TURBO_TELEMETRY_DISABLED: "1" } },
  );
}
