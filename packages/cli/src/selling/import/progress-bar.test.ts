import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { formatBytes, lineProgress, terminalProgress } from "./progress-bar.js";

/** A terminal's cursor calls: done at once. */
function done(...args: unknown[]): boolean {
  const callback = args.at(-1);
  if (typeof callback === "function") callback();
  return true;
}

/** A stream that passes for a terminal, keeping what is written. */
function fakeTerminal() {
  const stream = Object.assign(new PassThrough(), {
    isTTY: true,
    columns: 100,
    cursorTo: done,
    clearLine: done,
    moveCursor: done,
  });
  let written = "";
  stream.on("data", (chunk: Buffer) => {
    written += chunk.toString();
  });
  return { stream: stream as unknown as NodeJS.WriteStream, written: () => written };
}

describe("the import's progress bar", () => {
  it("shows rows done of all and bytes uploaded of all", async () => {
    const terminal = fakeTerminal();
    const progress = terminalProgress(terminal.stream);
    progress.start(3, 3 * 1024);
    progress.advance(1, 1024, 0);
    progress.advance(2, 2048, 0);
    progress.stop();
    await new Promise((resolve) => setImmediate(resolve));
    expect(terminal.written()).toContain("0/3 rows | 0 B of 3.0 KB");
    expect(terminal.written()).toContain("3/3 rows | 3.0 KB of 3.0 KB");
  });

  it("ends full when a row fails: its pictures, never sent, leave the total", async () => {
    const terminal = fakeTerminal();
    const progress = terminalProgress(terminal.stream);
    progress.start(3, 3 * 1024);
    progress.advance(1, 1024, 0);
    progress.advance(1, 0, 1024);
    progress.advance(1, 1024, 0);
    progress.stop();
    await new Promise((resolve) => setImmediate(resolve));
    expect(terminal.written()).toContain("0/3 rows | 0 B of 3.0 KB");
    expect(terminal.written()).toContain("3/3 rows | 2.0 KB of 2.0 KB");
  });

  it("prints the same without a terminal, a line at the start and at the end", () => {
    const lines: string[] = [];
    const progress = lineProgress((text) => lines.push(text), 60_000);
    progress.start(2, 2048);
    progress.advance(1, 0, 1024);
    progress.advance(1, 1024, 0);
    progress.stop();
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain("0 B");
    expect(lines[0]).toContain("2.0 KB");
    expect(lines[1]).toContain("1.0 KB");
    expect(lines[1]).not.toContain("2.0 KB");
  });

  it("words byte counts", () => {
    expect(formatBytes(512)).toBe("512 B");
    expect(formatBytes(1536)).toBe("1.5 KB");
    expect(formatBytes(5 * 1024 * 1024)).toBe("5.0 MB");
  });
});
