import type { Clock, Timers } from "@katale/domain";

/** The machine's time and timers, for live rooms (their reconnection backoff). */
export const systemClock: Pick<Clock, "now"> & Timers = {
  now: () => new Date(),
  after: (ms, fn) => {
    const timer = setTimeout(fn, ms);
    return () => clearTimeout(timer);
  },
};
