import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { processStartTime } from "./data-dir-lock.js";

// Many servers starting at once on one DATA_DIR, as real processes: exactly one may get it.

const RACER = fileURLToPath(new URL("./testing/lock-racer.ts", import.meta.url));

async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ["-e", ""]);
  await new Promise((r) => child.once("exit", r));
  return child.pid!;
}

function staleLock(pid: number) {
  return JSON.stringify({ pid, start: processStartTime(pid) ?? "12345", nonce: `stale${pid}` });
}

/** Starts `count` processes that all try to lock `dir` at the same moment; how many got it. */
async function race(dir: string, count: number): Promise<{ won: number; lost: number }> {
  const racers: ChildProcessWithoutNullStreams[] = [];
  const lines: AsyncIterator<string>[] = [];
  const next = async (i: number) => String((await lines[i]!.next()).value ?? "exited");
  try {
    for (let i = 0; i < count; i++) {
      const racer = spawn(process.execPath, ["--import", "tsx", RACER, dir], { stdio: "pipe" });
      racers.push(racer);
      lines.push(createInterface({ input: racer.stdout })[Symbol.asyncIterator]());
    }
    const ready = await Promise.all(racers.map((_, i) => next(i)));
    expect(ready.every((l) => l === "ready")).toBe(true);
    const answers = racers.map((_, i) => next(i));
    for (const racer of racers) racer.stdin.write("go\n");
    const results = await Promise.all(answers);
    return {
      won: results.filter((r) => r === "won").length,
      lost: results.filter((r) => r === "lost").length,
    };
  } finally {
    await Promise.all(
      racers.map(async (racer) => {
        if (racer.exitCode !== null) return;
        const exited = new Promise((r) => racer.once("exit", r));
        racer.stdin.end();
        await exited;
      }),
    );
  }
}

describe("the data directory lock, raced", () => {
  it("goes to exactly one of 20 servers starting together on a fresh directory", async () => {
    const dir = mkdtempSync(join(tmpdir(), "katale-lock-"));
    expect(await race(dir, 20)).toEqual({ won: 1, lost: 19 });
  }, 60_000);

  it("goes to exactly one of 20 servers starting together on a stale lock", async () => {
    const dir = mkdtempSync(join(tmpdir(), "katale-lock-"));
    writeFileSync(join(dir, "katale.lock"), staleLock(await deadPid()));
    expect(await race(dir, 20)).toEqual({ won: 1, lost: 19 });
    // And on a lock that is not ours at all.
    writeFileSync(join(dir, "katale.lock"), "1\n");
    expect(await race(dir, 20)).toEqual({ won: 1, lost: 19 });
  }, 90_000);
});
