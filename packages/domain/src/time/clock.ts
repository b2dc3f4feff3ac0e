/** Time as a port: the domain has no timers or "now" of its own, so tests control both. */
export interface Clock {
  now(): Date;
  /** Resolves after `ms` milliseconds (the spec's delays). */
  sleep(ms: number): Promise<void>;
}
