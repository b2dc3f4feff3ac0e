import { execFileSync } from "node:child_process";
import { expect } from "vitest";
import { KATALE_BIN } from "./run-katale.js";

// `katale tui` (the built file) in a real terminal: a tmux server of the test file's own, keys sent
// with send-keys, the screen read back with capture-pane. `session` is the pane the helpers act on
// unless told another.

export interface TuiTerminal {
  /** Runs a tmux command on this terminal's server; answers its output. */
  tmux(...args: string[]): string;
  /** What the pane shows now. */
  screen(): string;
  /** Waits until the pane shows `text`, lets the app settle, and answers the screen. */
  see(text: string | RegExp): Promise<string>;
  /** Sends keys as tmux names them ("Enter", "BTab", "q"): one send-keys each. */
  press(...keys: string[]): void;
  /** Types `text` as a person would: a key at a time, then a moment before the next key. */
  type(text: string): Promise<void>;
  /**
   * Starts `katale tui` with `env` in a new session of `width`×`height`. The shell stays after the
   * app quits, so its exit code can be read off the screen ("EXITED:0").
   */
  start(env: Record<string, string>, size?: { width: number; height: number }, session?: string): void;
  /** Stops the tmux server (every session of it). */
  close(): void;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function tuiTerminal(name: string, session: string): TuiTerminal {
  const socket = `${name}-${process.pid}`;
  const tmux = (...args: string[]) => execFileSync("tmux", ["-L", socket, ...args], { encoding: "utf8" });
  const screen = () => tmux("capture-pane", "-p", "-t", session);
  return {
    tmux,
    screen,
    async see(text) {
      await expect.poll(screen, { timeout: 15_000, interval: 100 }).toMatch(text);
      // The app takes keys with the handlers of its last render: let it settle.
      await pause(150);
      return screen();
    },
    press(...keys) {
      for (const key of keys) tmux("send-keys", "-t", session, key);
    },
    async type(text) {
      for (const char of text) {
        tmux("send-keys", "-t", session, "-l", char);
        await pause(30);
      }
      await pause(200);
    },
    start(env, size = { width: 80, height: 24 }, name = session) {
      const settings = Object.entries({ TERM: "xterm-256color", ...env }).map(([k, v]) => `'${k}=${v}'`);
      const command = `env ${settings.join(" ")} '${process.execPath}' '${KATALE_BIN}' tui; echo "EXITED:$?"; sleep 60`;
      tmux("new-session", "-d", "-s", name, "-x", String(size.width), "-y", String(size.height), command);
    },
    close() {
      try {
        tmux("kill-server");
      } catch {
        // Already gone.
      }
    },
  };
}
