/// <reference lib="webworker" />
import type { WorkboxPlugin } from "workbox-core/types.js";
import { BYTES_HEADER, SAVED_AT_HEADER } from "./cache-names.js";

/**
 * Keeps only whole, public answers: a 200 the server marked `public` and not `no-store`. The
 * services mark everything that belongs to one user `private, no-store` (cache-control.ts on the
 * server), so a phone shared by two people never shows one the other's answers offline.
 */
export function keepPublicOnly(): WorkboxPlugin {
  return {
    cacheWillUpdate: async ({ response }) => {
      if (response.status !== 200 || response.type === "opaque") return null;
      const policy = (response.headers.get("cache-control") ?? "").toLowerCase();
      if (!/\bpublic\b/.test(policy) || /\bno-store\b|\bprivate\b/.test(policy)) return null;
      return response;
    },
  };
}

/** Whether a kept answer is still within the max-age its server gave it (no-cache: never). */
export function freshEnough(kept: Response | undefined, now = Date.now()): boolean {
  if (kept === undefined) return false;
  const policy = (kept.headers.get("cache-control") ?? "").toLowerCase();
  if (/\bno-cache\b/.test(policy)) return false;
  const maxAge = Number(/\bmax-age=(\d+)/.exec(policy)?.[1] ?? 0);
  const savedAt = Number(kept.headers.get(SAVED_AT_HEADER) ?? 0);
  return now - savedAt < maxAge * 1000;
}

/** Stamps each answer it keeps with when it was saved and its size (read back by the page and by ByteBudget). */
export function stamped(): WorkboxPlugin {
  return {
    cacheWillUpdate: async ({ response }) => {
      if (response.status !== 200) return null;
      const body = await response.arrayBuffer();
      const headers = new Headers(response.headers);
      headers.set(SAVED_AT_HEADER, String(Date.now()));
      headers.set(BYTES_HEADER, String(body.byteLength));
      return new Response(body, { status: response.status, statusText: response.statusText, headers });
    },
  };
}

/**
 * Bounds a cache's bytes: after each write, the oldest-written entries go until the rest fit
 * (workbox-expiration bounds entries and age, not bytes). Checks run one after another.
 */
export class ByteBudget implements WorkboxPlugin {
  private running: Promise<void> = Promise.resolve();

  constructor(
    private readonly cacheName: string,
    private readonly maxBytes: number,
  ) {}

  cacheDidUpdate: WorkboxPlugin["cacheDidUpdate"] = async () => {
    this.running = this.running.then(() => this.trim()).catch(() => undefined);
    await this.running;
  };

  private async trim(): Promise<void> {
    const cache = await caches.open(this.cacheName);
    const requests = await cache.keys();
    const sizes: number[] = [];
    let total = 0;
    for (const request of requests) {
      const kept = await cache.match(request);
      const size = Number(kept?.headers.get(BYTES_HEADER) ?? kept?.headers.get("content-length") ?? 0);
      sizes.push(size);
      total += size;
    }
    // keys() lists entries in the order they were written: the oldest go first.
    for (let i = 0; i < requests.length && total > this.maxBytes; i++) {
      await cache.delete(requests[i]!);
      total -= sizes[i] ?? 0;
    }
  }
}
