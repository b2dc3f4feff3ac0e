import { createInterface } from "node:readline";
import { lockDataDir } from "../data-dir-lock.js";

// A child process of data-dir-lock.test.ts: loads, says "ready", waits for "go" on stdin so that
// every racer tries at the same moment, then prints "won" or "lost" and, if it won, holds the lock
// until its stdin closes.

const dir = process.argv[2]!;
const lines = createInterface({ input: process.stdin });
process.stdout.write("ready\n");
lines.once("line", () => {
  let won = false;
  try {
    lockDataDir(dir);
    won = true;
  } catch (err) {
    if (!(err instanceof Error) || err.constructor.name !== "DataDirLockedError") throw err;
  }
  process.stdout.write(won ? "won\n" : "lost\n");
  lines.once("close", () => process.exit(0));
});
