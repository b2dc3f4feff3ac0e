import type { Config } from "../config.js";
import type { Limit } from "../http/rate-limits.js";
import { BUSY, ImageJobs } from "../media/image-jobs.js";

// What one client's searches may cost (a flood of long searches starved logins on PGlite, where the
// database runs on the server's own thread): each search looks for at most SEARCH_WORDS_MAX words
// (product-search.ts), searches reach the database a few at a time in a bounded line (one at a time
// on PGlite, so a login's statement waits behind at most one search), a search that cannot start
// within SEARCH_WAIT_MS or finds the line full is answered 503, and each address has
// SEARCH_PER_MINUTE searches a minute (429).

/**
 * Searches that may wait for their turn; one more is refused at once. 64 waiting searches of about
 * 30 ms each (PGlite, one at a time) wait under 2 s, well inside SEARCH_WAIT_MS; with 16, the bench's
 * 50 connections searching at once got 299 answers of 503 in 30 s on PGlite.
 */
const SEARCH_WAITING_MAX = 64;
/** How long a search may wait for its turn. */
const SEARCH_WAIT_MS = 5_000;
/** On PostgreSQL a search statement is cancelled after this long (PGlite cannot cancel one). */
export const SEARCH_STATEMENT_TIMEOUT_MS = 2_000;
/** What a refused search is told to wait, in seconds. */
export const SEARCH_RETRY_SECONDS = 5;

/** A search that did not get its turn (the line was full or the wait ran out), or ran too long. */
export class SearchBusy extends Error {
  constructor() {
    super("search busy");
  }
}

/** Runs searches a few at a time; rejects with SearchBusy when there is no turn. */
export class SearchLine {
  private readonly line: ImageJobs;

  constructor(concurrency: number) {
    // The image queue's bounded line, used for searches (same rules: a few at once, a bounded wait).
    this.line = new ImageJobs({ concurrency, maxWaiting: SEARCH_WAITING_MAX, waitMs: SEARCH_WAIT_MS });
  }

  async run<T>(search: () => Promise<T>): Promise<T> {
    const done = await this.line.run(search);
    if (done === BUSY) throw new SearchBusy();
    return done;
  }
}

/** One search at a time on PGlite; on PostgreSQL half the pool, so other reads keep connections. */
export function searchLineFor(config: Config): SearchLine {
  return new SearchLine(config.databaseUrl ? Math.max(1, Math.floor(config.databasePoolSize / 2)) : 1);
}

/** Searches per client address per minute (SEARCH_PER_MINUTE; 0 turns the limit off). */
export function searchLimits(config: Config): { perAddress: Limit } {
  return { perAddress: { points: Math.max(1, config.searchPerMinute), duration: 60 } };
}
