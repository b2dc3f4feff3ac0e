import { EventEmitter } from "node:events";
import { render } from "ink";
import type { ReactElement } from "react";
import { expect } from "vitest";
import { KeyPacer } from "./key-pacer.js";

// Test support: the TUI driven as a person types, for the component tests. Keys go through the
// KeyPacer as in `katale tui`; each frame Ink writes is kept, the last one is the screen.

/** The terminal's side: 100 columns, every frame kept. */
class FakeStdout extends EventEmitter {
  readonly columns = 100;
  last: string | undefined;
  readonly write = (frame: string) => {
    this.last = frame;
  };
}

/** A terminal's keyboard: each write is one chunk, as a terminal delivers a paste or a held key. */
class FakeStdin extends EventEmitter {
  readonly isTTY = true;
  private data: string | null = null;
  readonly write = (data: string) => {
    this.data = data;
    this.emit("readable");
  };
  read(): string | null {
    const { data } = this;
    this.data = null;
    return data;
  }
}

function renderTui(element: ReactElement) {
  const stdout = new FakeStdout();
  const stdin = new FakeStdin();
  const instance = render(element, {
    stdout: stdout as unknown as NodeJS.WriteStream,
    stderr: new FakeStdout() as unknown as NodeJS.WriteStream,
    stdin: new KeyPacer(stdin) as unknown as NodeJS.ReadStream,
    debug: true,
    exitOnCtrlC: false,
    patchConsole: false,
  });
  return { stdin, lastFrame: () => stdout.last, unmount: instance.unmount };
}

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
  readonly app: ReturnType<typeof renderTui>;
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
  const app = renderTui(element);
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
