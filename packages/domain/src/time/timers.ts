/** Timers as a port: the domain schedules nothing itself, so tests can move time by hand. */
export interface Timers {
  /** Calls `fn` once after `ms` milliseconds; the answer cancels it (harmless once it ran). */
  after(ms: number, fn: () => void): () => void;
}
