import { execFile } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

// The built `katale` (tests/build-clients.global-setup.ts builds it), run as a script would run it:
// stdin piped in (not a terminal), the process environment without the settings a test must give.

export const KATALE_BIN = join(dirname(fileURLToPath(import.meta.url)), "../../packages/cli/dist/katale.js");

export interface KataleRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** The process environment minus what would leak the developer's own settings into a run. */
export function inheritedEnv(): NodeJS.ProcessEnv {
  const {
    COLUMNS: _c,
    KATALE_SHOP_URL: _s,
    KATALE_AUTH_URL: _a,
    XDG_CONFIG_HOME: _x,
    KATALE_CONFIG_DIR: _k,
    ...inherited
  } = process.env;
  return inherited;
}

/** Runs `katale args` with `env` added to the inherited environment, `stdin` piped in; never rejects. */
export function runKatale(
  args: readonly string[],
  options: { env?: Record<string, string>; stdin?: string; timeout?: number; cwd?: string } = {},
): Promise<KataleRun> {
  const { env = {}, stdin = "", timeout = 60_000, cwd } = options;
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      [KATALE_BIN, ...args],
      { env: { ...inheritedEnv(), ...env }, timeout, cwd, maxBuffer: 64 << 20 },
      (error, stdout, stderr) => {
        const code = error === null ? 0 : typeof error.code === "number" ? error.code : -1;
        resolve({ code, stdout, stderr });
      },
    );
    child.stdin?.end(stdin);
  });
}
