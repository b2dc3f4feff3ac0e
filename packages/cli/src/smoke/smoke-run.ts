import type { ServiceName } from "../cli-messages.js";
import { type SmokeCheck, SmokeFailure, SmokeNotRun } from "./smoke-checks.js";
import { smokeMessages } from "./smoke-messages.js";

/** One check's outcome, as `--json` prints it. */
export interface SmokeResult {
  readonly name: string;
  readonly ok: boolean;
  /** Not run because an earlier check failed (the server is down, or it found nothing to use): not ok, not a failure of its own. */
  readonly skipped: boolean;
  readonly ms: number;
  readonly error?: string;
}

export interface SmokeRunOptions {
  /** The most one check may take. */
  readonly timeoutMs: number;
  /** Each service's base URL: once one cannot be reached, the checks of every service on its origin are not tried. */
  readonly urls: Readonly<Record<ServiceName, string>>;
  /** Called as each check ends (a terminal shows it at once). */
  readonly onResult?: (result: SmokeResult) => void;
  readonly now?: () => number;
}

/**
 * Runs the checks one after the other. A server that cannot be reached, or whose health check fails,
 * skips the rest of its checks at once instead of waiting on each: one outage is one failure.
 */
export async function runSmoke(
  checks: readonly SmokeCheck[],
  options: SmokeRunOptions,
): Promise<SmokeResult[]> {
  const now = options.now ?? (() => performance.now());
  const origin = (service: ServiceName) => new URL(options.urls[service]).origin;
  const unreachable = new Map<string, string>();
  const results: SmokeResult[] = [];
  for (const check of checks) {
    const down = unreachable.get(origin(check.service));
    let result: SmokeResult;
    if (down !== undefined) {
      result = { name: check.name, ok: false, skipped: true, ms: 0, error: smokeMessages.skipped(down) };
    } else {
      const start = now();
      try {
        await withTimeout(check.run(), options.timeoutMs);
        result = { name: check.name, ok: true, skipped: false, ms: Math.round(now() - start) };
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        if (check.gate === true || (error instanceof SmokeFailure && error.unreachable)) {
          unreachable.set(origin(check.service), message);
        }
        const notRun = error instanceof SmokeNotRun;
        const ms = notRun ? 0 : Math.round(now() - start);
        result = { name: check.name, ok: false, skipped: notRun, ms, error: message };
      }
    }
    results.push(result);
    options.onResult?.(result);
  }
  return results;
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new SmokeFailure(smokeMessages.timedOut(ms))), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
