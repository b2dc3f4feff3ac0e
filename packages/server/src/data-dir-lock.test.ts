import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { DataDirLockedError, lockDataDir } from "./data-dir-lock.js";

describe("the data directory lock", () => {
  it("refuses a second holder while the first runs, and frees on release", () => {
    const dir = mkdtempSync(join(tmpdir(), "katale-lock-"));
    const sleeper = spawn(process.execPath, ["-e", "setTimeout(() => {}, 30000)"]);
    try {
      writeFileSync(join(dir, "katale.lock"), String(sleeper.pid));
      expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
      expect(() => lockDataDir(dir)).toThrow(/Another Katale server \(pid \d+\) is using/);
    } finally {
      sleeper.kill();
    }
  });

  it("takes over a lock left by a process that died", () => {
    const dir = mkdtempSync(join(tmpdir(), "katale-lock-"));
    writeFileSync(join(dir, "katale.lock"), "999999999");
    const lock = lockDataDir(dir);
    expect(existsSync(join(dir, "katale.lock"))).toBe(true);
    lock.release();
    expect(existsSync(join(dir, "katale.lock"))).toBe(false);
  });
});
