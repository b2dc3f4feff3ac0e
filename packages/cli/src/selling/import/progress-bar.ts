import { SingleBar } from "cli-progress";
import { sellingCliMessages } from "../selling-cli-messages.js";
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
    advance(rows, sent, dropped) {
      bytes += sent;
      totalBytes -= dropped;
      bar.increment(rows, { done: formatBytes(bytes), size: formatBytes(totalBytes) });
    },
    stop() {
      bar.stop();
    },
  };
}

/** How often the import's progress line is printed without a terminal. */
export const PROGRESS_LINE_MS = 5000;

/**
 * The import's progress without a terminal (a CI log, a pipe): a line on stderr when it starts,
 * every PROGRESS_LINE_MS, and when it ends, so a long run is never silent for minutes.
 */
export function lineProgress(write: (text: string) => void, everyMs = PROGRESS_LINE_MS): ImportProgress {
  let rows = 0;
  let totalRows = 0;
  let bytes = 0;
  let totalBytes = 0;
  let timer: ReturnType<typeof setInterval> | undefined;
  const line = () =>
    write(`${sellingCliMessages.progress(rows, totalRows, formatBytes(bytes), formatBytes(totalBytes))}\n`);
  return {
    start(count, total) {
      totalRows = count;
      totalBytes = total;
      line();
      timer = setInterval(line, everyMs);
      timer.unref();
    },
    advance(done, sent, dropped) {
      rows += done;
      bytes += sent;
      totalBytes -= dropped;
    },
    stop() {
      if (timer !== undefined) clearInterval(timer);
      line();
    },
  };
}
