import type { FetchLike } from "@katale/adapters-http";
import { IDEMPOTENCY_KEY_HEADER } from "@katale/adapters-http/contract";

/** Retries of one request the service answered 503 with Retry-After. */
export const BUSY_RETRIES = 5;
/** A Retry-After longer than this is not waited for: the 503 is the answer. */
const RETRY_AFTER_MAX_SECONDS = 120;

/** Seconds to wait from a Retry-After header (seconds or an HTTP date); null when there is none. */
export function retryAfterSeconds(header: string | null | undefined, now = Date.now()): number | null {
  if (header === null || header === undefined || header.trim() === "") return null;
  const seconds = /^\d+$/.test(header.trim())
    ? Number(header.trim())
    : Math.ceil((Date.parse(header) - now) / 1000);
  if (Number.isNaN(seconds)) return null;
  return Math.max(0, seconds);
}

/**
 * A fetch that waits out a 503 the service answers with Retry-After (the database restarting, the
 * picture queue full) and asks again, a few times: a long import keeps going through a moment of
 * unavailability. The service refuses before doing anything when it answers 503, so asking again
 * cannot do a thing twice. Without Retry-After, or when it asks for too long, the 503 is the answer.
 * A create that carries an Idempotency-Key is passed through: the HTTP client retries it already,
 * with the same key (adapters-http's HttpClient), and two loops would send it up to 24 times.
 */
export function retryBusy(
  fetch: FetchLike,
  sleep: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms)),
): FetchLike {
  return async (url, init) => {
    if (init?.headers?.[IDEMPOTENCY_KEY_HEADER] !== undefined) return fetch(url, init);
    for (let attempt = 0; ; attempt++) {
      const response = await fetch(url, init);
      if (response.status !== 503 || attempt >= BUSY_RETRIES) return response;
      const wait = retryAfterSeconds(response.headers?.get("retry-after"));
      if (wait === null || wait > RETRY_AFTER_MAX_SECONDS) return response;
      await response.text().catch(() => "");
      await sleep(wait * 1000);
    }
  };
}
