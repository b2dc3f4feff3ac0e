import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";

// PGlite does not lock its directory, and two processes on one PGlite directory corrupt it.
// The server holds DATA_DIR/katale.lock while it runs; a second process refuses to start.
//
// The lock is a file created atomically with its whole content (written to a private file first,
// then hard-linked into place: the link fails if the lock exists, and nobody ever sees it empty).
// It names its holder by pid *and* the process's start time, so a pid reused by another process
// (or a file saying `1`) is not taken for a running server. A lock whose holder is gone is taken
// over under a guard file named after that lock's nonce: only one starter can hold the guard, and
// only the guard holder removes that lock, so two starters never both take over the same stale lock.

export class DataDirLockedError extends Error {}

export interface DataDirLock {
  release(): void;
}

export interface LockRecord {
  pid: number;
  /** The process's start time as the system gives it (ticks since boot on Linux); "" if unknown. */
  start: string;
  nonce: string;
}

/** When the process `pid` started, in a form only compared for equality; undefined if not running. */
export function processStartTime(pid: number): string | undefined {
  if (process.platform === "linux") {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      // Field 2 (the command) may hold spaces and parentheses: count fields after the last ")".
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      return fields[19]; // field 22, starttime
    } catch {
      return undefined;
    }
  }
  const ps = spawnSync("ps", ["-o", "lstart=", "-p", String(pid)], { encoding: "utf8", timeout: 5000 });
  const out = ps.status === 0 ? ps.stdout.trim() : "";
  return out || undefined;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Whether the record names a process that is still running (not merely one with the same pid). */
function holderRuns(record: LockRecord): boolean {
  if (record.pid === process.pid) return record.start === ownRecord().start && ownNonces.has(record.nonce);
  if (!isAlive(record.pid)) return false;
  const start = processStartTime(record.pid);
  // No way to read start times on this system: a live pid has to do.
  if (start === undefined || record.start === "") return true;
  return start === record.start;
}

const ownNonces = new Set<string>();
let ownStart: string | undefined;
function ownRecord(): LockRecord {
  ownStart ??= processStartTime(process.pid) ?? "";
  return { pid: process.pid, start: ownStart, nonce: randomBytes(12).toString("hex") };
}

/** The record in `file`; null when it does not exist; undefined when it is not a Katale lock. */
function readRecord(file: string): LockRecord | null | undefined {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw err;
  }
  try {
    const r = JSON.parse(text) as Partial<LockRecord>;
    if (Number.isInteger(r.pid) && typeof r.start === "string" && typeof r.nonce === "string" && r.nonce)
      return r as LockRecord;
  } catch {
    // Fall through: not ours.
  }
  return undefined;
}

/** The command line of process `pid` (empty if unknown). */
function processCommand(pid: number): string {
  if (process.platform === "linux") {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ");
    } catch {
      return "";
    }
  }
  const ps = spawnSync("ps", ["-o", "command=", "-p", String(pid)], { encoding: "utf8", timeout: 5000 });
  return ps.status === 0 ? ps.stdout : "";
}

/**
 * A lock of an earlier version (only a pid) whose process still runs and is a Node.js process:
 * its pid, else undefined (any other content, e.g. `1` written by hand, is not a running server).
 */
function legacyHolder(file: string): number | undefined {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    return undefined;
  }
  if (!/^\s*\d{1,10}\s*$/.test(text)) return undefined;
  const pid = Number(text);
  if (pid === process.pid || pid <= 1 || !isAlive(pid)) return undefined;
  return /\b(node|katale)\b/i.test(processCommand(pid)) ? pid : undefined;
}

/** Creates `file` holding `record`, atomically; false if it exists. */
function createExclusive(file: string, record: LockRecord): boolean {
  const temp = `${file}.${record.nonce}.tmp`;
  writeFileSync(temp, JSON.stringify(record), { mode: 0o600 });
  try {
    linkSync(temp, file);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw err;
  } finally {
    rmSync(temp, { force: true });
  }
}

/**
 * Removes `file` if it still holds the stale lock `nonce` (or, for a file that is not a Katale
 * lock, `nonce` "foreign"), under the guard `file.<nonce>.takeover`. Answers false when another
 * live starter holds the guard (it is taking the lock over: look again).
 */
function removeStale(file: string, nonce: string, depth = 0): boolean {
  if (depth > 8)
    throw new DataDirLockedError(`Could not take over ${file}; remove it if no server is running.`);
  const guard = `${file}.${nonce}.takeover`;
  const mine = ownRecord();
  if (!createExclusive(guard, mine)) {
    const holder = readRecord(guard);
    if (holder === null) return false; // Just released: look again.
    if (holder !== undefined && holderRuns(holder)) return false;
    // The guard's holder died mid-takeover: take its guard over the same way.
    removeStale(guard, holder?.nonce ?? "foreign", depth + 1);
    return false;
  }
  try {
    const now = readRecord(file);
    const still = now === undefined ? nonce === "foreign" : now !== null && now.nonce === nonce;
    if (still) rmSync(file, { force: true });
  } finally {
    rmSync(guard, { force: true });
  }
  return true;
}

export function lockDataDir(dataDir: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, "katale.lock");
  const record = ownRecord();
  for (let attempt = 0; attempt < 1000; attempt++) {
    if (createExclusive(file, record)) {
      ownNonces.add(record.nonce);
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          ownNonces.delete(record.nonce);
          if (readRecord(file)?.nonce === record.nonce) rmSync(file, { force: true });
        },
      };
    }
    const holder = readRecord(file);
    if (holder === null) continue; // Released meanwhile: try again.
    const runningPid =
      holder === undefined ? legacyHolder(file) : holderRuns(holder) ? holder.pid : undefined;
    if (runningPid !== undefined) {
      throw new DataDirLockedError(
        `Another Katale server (pid ${runningPid}) is using ${resolve(dataDir)}. Stop it, or start this one with another DATA_DIR.`,
      );
    }
    // Left by a process that is gone (or not a Katale lock at all, e.g. `echo 1 > katale.lock`).
    if (!removeStale(file, holder?.nonce ?? "foreign")) {
      // Another starter is taking it over: give it a moment, then look again.
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 5);
    }
  }
  throw new DataDirLockedError(`Could not lock ${resolve(dataDir)}; remove ${file} if no server is running.`);
}
