import { render } from "ink-testing-library";
import type { ReactElement } from "react";
import { expect } from "vitest";

// Test support: the TUI driven as a person types, for the component tests.

/**
 * Waits `ms`, then lets work React has queued run. On a starved machine (a loaded CI), Node runs an
 * expired timer before the immediates queued meanwhile, and React renders and runs effects (where Ink
 * registers key handlers) from immediates: without the drain, the next key could reach the handlers of
 * the screen before.
 */
export async function settle(ms = 60): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, ms));
  for (let round = 0; round < 5; round++) await new Promise((resolve) => setImmediate(resolve));
}

export interface TuiDriver {
  readonly app: ReturnType<typeof render>;
  /** The last frame drawn. */
  frame(): string;
  /** The screen as one line: a message wrapped at 80 columns still reads as said. */
  flat(): string;
  /** Waits until the screen shows `text` (the app renders as answers arrive). */
  see(text: string | RegExp): Promise<void>;
  /** Types keys one at a time, as a person does. */
  press(...keys: string[]): Promise<void>;
}

export function driveTui(element: ReactElement): TuiDriver {
  const app = render(element);
  const frame = () => app.lastFrame() ?? "";
  const flat = () => frame().replace(/\s+/g, " ");
  return {
    app,
    frame,
    flat,
    async see(text) {
      await expect.poll(flat, { timeout: 5_000, interval: 10 }).toMatch(text);
      // Ink hands keys to the handlers of the last render once its effects have run.
      await settle();
    },
    async press(...keys) {
      for (const key of keys) {
        // Ink's text fields take Enter with the handler of their last render: give it time to catch up.
        if (key === "\r") await settle(150);
        app.stdin.write(key);
        await settle();
      }
    },
  };
}
