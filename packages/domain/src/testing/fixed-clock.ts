import type { Clock } from "../time/clock.js";
import type { Timers } from "../time/timers.js";

/** A clock tests move by hand; sleep resolves at once and advances time; timers fire as time passes. */
export class FixedClock implements Clock, Timers {
  private timers: { at: number; seq: number; fn: () => void }[] = [];
  private seq = 0;

  constructor(private current: Date = new Date("2024-03-05T09:00:00Z")) {}

  now(): Date {
    return new Date(this.current);
  }

  async sleep(ms: number): Promise<void> {
    this.advance(ms);
  }

  after(ms: number, fn: () => void): () => void {
    const timer = { at: this.current.getTime() + Math.max(0, ms), seq: this.seq++, fn };
    this.timers.push(timer);
    return () => {
      this.timers = this.timers.filter((t) => t !== timer);
    };
  }

  /** Moves time on, running each timer that falls due, in order, at its own time. */
  advance(ms: number): void {
    const end = this.current.getTime() + ms;
    for (;;) {
      const due = this.timers.filter((t) => t.at <= end).sort((a, b) => a.at - b.at || a.seq - b.seq)[0];
      if (due === undefined) break;
      this.timers = this.timers.filter((t) => t !== due);
      this.current = new Date(Math.max(this.current.getTime(), due.at));
      due.fn();
    }
    this.current = new Date(end);
  }

  /** Milliseconds until the next timer falls due, or undefined when none is set. */
  get nextTimerIn(): number | undefined {
    if (this.timers.length === 0) return undefined;
    return Math.min(...this.timers.map((t) => t.at)) - this.current.getTime();
  }
}
