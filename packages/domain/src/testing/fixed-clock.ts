import type { Clock } from "../time/clock.js";

/** A clock tests move by hand; sleep resolves at once and advances time. */
export class FixedClock implements Clock {
  constructor(private current: Date = new Date("2024-03-05T09:00:00Z")) {}

  now(): Date {
    return new Date(this.current);
  }

  async sleep(ms: number): Promise<void> {
    this.advance(ms);
  }

  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
}
