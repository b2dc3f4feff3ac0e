// The worker's caches and their bounds, one home for each. The page reads some of them too (the
// saved copy's time, clearing answers at logout): src/pwa/ imports this file.

/** Header the worker adds to each kept answer: when it was saved (ms since the epoch). */
export const SAVED_AT_HEADER = "x-katale-saved-at";
/** Header the worker adds to each kept answer: its body's size in bytes, for the byte budgets. */
export const BYTES_HEADER = "x-katale-bytes";

/** Pictures, by content: shared by every build. */
export const KEPT_MEDIA = "katale-media";

/** The caches of one build. Answers are kept per build so a new app never reads an older API's. */
export function CACHES(build: string) {
  return {
    app: `katale-app-${build}`,
    reads: `katale-reads-${build}`,
    screens: `katale-screens-${build}`,
  } as const;
}

/** Public API answers: at most this many, this many bytes, this many days old. */
export const KEPT_READS = { entries: 200, bytes: 8 * 1024 * 1024, days: 14 } as const;
/** Pictures: at most this many, this many bytes, this many days old. */
export const KEPT_PICTURES = { entries: 300, bytes: 25 * 1024 * 1024, days: 30 } as const;
/** The app's lazy chunks of this build: at most this many, this many bytes. */
export const KEPT_CHUNKS = { entries: 120, bytes: 6 * 1024 * 1024 } as const;
/** A page or an answer not come within this many seconds is taken from the kept copy, if any. */
export const NETWORK_TIMEOUT_SECONDS = 8;
