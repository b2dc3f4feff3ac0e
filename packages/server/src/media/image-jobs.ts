// A bounded queue of image jobs (issue 14 MF2). Decoding and encoding run on the thread pool that
// password hashing and file access share (libuv's, 4 threads unless UV_THREADPOOL_SIZE says more),
// so at most `concurrency` images are worked on at once and hashing always finds a free thread.
// Further jobs wait in line; when the line is full, or a job waited `waitMs`, it is refused as
// busy (503: try again) rather than piling up memory and latency.

export interface ImageJobOptions {
  /** Images worked on at once (IMAGE_JOBS). Keep it below the thread pool's size. */
  concurrency: number;
  /** Jobs that may wait for a turn (IMAGE_QUEUE); one more is refused at once. */
  maxWaiting: number;
  /** How long a job may wait for its turn, in ms (IMAGE_QUEUE_SECONDS). */
  waitMs: number;
}

export const DEFAULT_IMAGE_JOBS: ImageJobOptions = { concurrency: 2, maxWaiting: 16, waitMs: 30_000 };

/** The answer of a job that did not get a turn. */
export const BUSY = Symbol("busy");

interface Waiter {
  start: () => void;
  timer: NodeJS.Timeout;
}

export class ImageJobs {
  private running = 0;
  private readonly waiting: Waiter[] = [];

  constructor(private readonly options: ImageJobOptions = DEFAULT_IMAGE_JOBS) {}

  /** Jobs being worked on and waiting now. */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  /**
   * Runs `job` when a turn comes; BUSY when the line is full, the wait ran out, or `signal` aborted
   * (the request's work was stopped) before the turn came.
   */
  async run<T>(job: () => Promise<T>, signal?: AbortSignal): Promise<T | typeof BUSY> {
    if (signal?.aborted || !(await this.turn(signal))) return BUSY;
    try {
      return await job();
    } finally {
      this.running -= 1;
      this.next();
    }
  }

  private turn(signal?: AbortSignal): Promise<boolean> {
    if (this.running < this.options.concurrency) {
      this.running += 1;
      return Promise.resolve(true);
    }
    if (this.waiting.length >= this.options.maxWaiting) return Promise.resolve(false);
    return new Promise((resolve) => {
      const leave = () => {
        clearTimeout(waiter.timer);
        signal?.removeEventListener("abort", leave);
        const at = this.waiting.indexOf(waiter);
        if (at >= 0) this.waiting.splice(at, 1);
        resolve(false);
      };
      const waiter: Waiter = {
        start: () => {
          clearTimeout(waiter.timer);
          signal?.removeEventListener("abort", leave);
          resolve(true);
        },
        timer: setTimeout(leave, this.options.waitMs),
      };
      signal?.addEventListener("abort", leave, { once: true });
      this.waiting.push(waiter);
    });
  }

  private next() {
    const waiter = this.waiting.shift();
    if (!waiter) return;
    this.running += 1;
    waiter.start();
  }
}
