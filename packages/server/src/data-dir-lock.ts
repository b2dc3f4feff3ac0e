import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import { join, resolve } from "node:path";

// PGlite does not lock its directory, and two processes on one PGlite directory corrupt it.
// The server holds DATA_DIR/katale.lock (its pid) while it runs; a second process refuses to start.

export class DataDirLockedError extends Error {}

export interface DataDirLock {
  release(): void;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

export function lockDataDir(dataDir: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, "katale.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, "wx", 0o600);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          rmSync(file, { force: true });
        },
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      const pid = Number.parseInt(readFileSync(file, "utf8"), 10);
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid)) {
        throw new DataDirLockedError(
          `Another Katale server (pid ${pid}) is using ${resolve(dataDir)}. Stop it, or start this one with another DATA_DIR.`,
        );
      }
      // A lock left by a process that died: take it over.
      rmSync(file, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock ${resolve(dataDir)}; remove ${file} if no server is running.`);
}
