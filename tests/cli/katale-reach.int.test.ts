import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { inheritedEnv } from "./run-katale.js";

// `katale` as the README says to reach it after `npm ci`: the bin npm links into the root
// node_modules/.bin (what `npx katale` runs), and `npm run -s katale --` for scripts.

const root = join(dirname(fileURLToPath(import.meta.url)), "../..");
const { version } = JSON.parse(readFileSync(join(root, "packages/cli/package.json"), "utf8")) as {
  version: string;
};

function run(
  file: string,
  args: readonly string[],
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(file, args, { cwd: root, env: inheritedEnv(), timeout: 60_000 }, (error, stdout, stderr) => {
      const code = error === null ? 0 : typeof error.code === "number" ? error.code : -1;
      resolve({ code, stdout, stderr });
    });
  });
}

describe("reaching katale from the repository root", () => {
  it("runs node_modules/.bin/katale, the command npm linked at install", async () => {
    const { code, stdout, stderr } = await run(join(root, "node_modules/.bin/katale"), ["--version"]);
    expect(stderr).toBe("");
    expect(code).toBe(0);
    expect(stdout).toBe(`${version}\n`);
  });

  it("prints nothing but katale's own output through npm run -s katale --", async () => {
    const { code, stdout } = await run("npm", ["run", "-s", "katale", "--", "--version"]);
    expect(code).toBe(0);
    expect(stdout).toBe(`${version}\n`);
  });
});
