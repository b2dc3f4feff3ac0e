import { SingleBar } from "cli-progress";
import type { ImportProgress } from "./run-import.js";

/** 1536 -> "1.5 KB": the byte counts of the progress bar. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ["KB", "MB", "GB"];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(1)} ${units[unit]}`;
}

/** The import's progress on a terminal (stderr): rows done of all, and bytes uploaded of all. */
export function terminalProgress(stream: NodeJS.WriteStream): ImportProgress {
  const bar = new SingleBar({
    stream,
    format: "Importing {bar} {value}/{total} rows | {done} of {size} | {eta_formatted}",
    barsize: 24,
    // Left visible: an interrupted import (Ctrl-C) must not leave the terminal without a cursor.
    hideCursor: false,
    clearOnComplete: false,
    etaBuffer: 50,
  });
  let bytes = 0;
  let totalBytes = 0;
  return {
    start(rows, total) {
      totalBytes = total;
      bar.start(rows, 0, { done: formatBytes(0), size: formatBytes(total) });
    },
    advance(rows, sent) {
      bytes += sent;
      bar.increment(rows, { done: formatBytes(bytes), size: formatBytes(totalBytes) });
    },
    stop() {
      bar.stop();
    },
  };
}
