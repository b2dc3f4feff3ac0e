/**
 * Anyone may leave feedback without an account, so each client address gets a small allowance per
 * window: enough for a person, too little for a script filling the public list.
 */
export interface RateLimitOptions {
  readonly max: number;
  readonly windowMs: number;
  readonly now?: () => number;
}

export class FixedWindowLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();
  private readonly now: () => number;

  constructor(private readonly options: RateLimitOptions) {
    this.now = options.now ?? Date.now;
  }

  /** Counts one attempt by `key`; false when the allowance of the current window is used up. */
  take(key: string): boolean {
    const now = this.now();
    const window = this.windows.get(key);
    if (window === undefined || now - window.start >= this.options.windowMs) {
      this.forgetExpired(now);
      this.windows.set(key, { start: now, count: 1 });
      return true;
    }
    if (window.count >= this.options.max) return false;
    window.count += 1;
    return true;
  }

  private forgetExpired(now: number): void {
    for (const [key, window] of this.windows) {
      if (now - window.start >= this.options.windowMs) this.windows.delete(key);
    }
  }
}
