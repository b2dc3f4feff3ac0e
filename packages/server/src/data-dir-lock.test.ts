import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { DataDirLockedError, lockDataDir, processStartTime } from "./data-dir-lock.js";

function lockFor(pid: number, start = processStartTime(pid) ?? "") {
  return JSON.stringify({ pid, start, nonce: `n${pid}${start}` });
}

async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ["-e", ""]);
  await new Promise((r) => child.once("exit", r));
  return child.pid!;
}

describe("the data directory lock", () => {
  it("refuses a second holder while the first runs, and frees on release", () => {
    const dir = mkdtempSync(join(tmpdir(), "katale-lock-"));
    const first = lockDataDir(dir);
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    first.release();
    const second = lockDataDir(dir);
    second.release();
    expect(existsSync(join(dir, "katale.lock"))).toBe(false);
  });

  it("refuses while another running server holds it", () => {
    const dir = mkdtempSync(join(tmpdir(), "katale-lock-"));
    const sleeper = spawn(process.execPath, ["-e", "setTimeout(() => {}, 30000)"]);
    try {
      writeFileSync(join(dir, "katale.lock"), lockFor(sleeper.pid!));
      expect(() => lockDataDir(dir)).toThrow(/Another Katale server \(pid \d+\) is using/);
    } finally {
      sleeper.kill();
    }
  });

  it("takes over a lock left by a process that died", async () => {
    const dir = mkdtempSync(join(tmpdir(), "katale-lock-"));
    writeFileSync(join(dir, "katale.lock"), lockFor(await deadPid(), "12345"));
    const lock = lockDataDir(dir);
    expect(existsSync(join(dir, "katale.lock"))).toBe(true);
    lock.release();
    expect(readdirSync(dir)).toEqual([]);
  });

  it("is not blocked by a pid that now belongs to another process (pid reuse, `echo 1 > katale.lock`)", () => {
    const dir = mkdtempSync(join(tmpdir(), "katale-lock-"));
    writeFileSync(join(dir, "katale.lock"), "1\n");
    lockDataDir(dir).release();
    // A Katale lock whose pid runs again, but as a process started at another time.
    const sleeper = spawn(process.execPath, ["-e", "setTimeout(() => {}, 30000)"]);
    try {
      writeFileSync(join(dir, "katale.lock"), lockFor(sleeper.pid!, "1"));
      lockDataDir(dir).release();
    } finally {
      sleeper.kill();
    }
  });

  it("still refuses a running server's lock written by an earlier version (its pid only)", () => {
    const dir = mkdtempSync(join(tmpdir(), "katale-lock-"));
    const server = spawn(process.execPath, ["-e", "setTimeout(() => {}, 30000)"]);
    try {
      writeFileSync(join(dir, "katale.lock"), String(server.pid));
      expect(() => lockDataDir(dir)).toThrow(/Another Katale server \(pid \d+\) is using/);
    } finally {
      server.kill();
    }
  });
});
