import type { FetchLike } from "@katale/adapters-http";

// What the page knows of the copies the service worker answers with: each kept answer carries the
// time it was saved (worker/cache-names.ts, SAVED_AT_HEADER). The offline banner says the latest.
// Requests that change something fail at once while the browser is offline, so no button spins.

const SAVED_AT_HEADER = "x-katale-saved-at";
let latestSavedAt: number | null = null;
/** The saved time of what the screen mostly shows (a chat room's kept copy): said before any other. */
let shownSavedAt: number | null = null;
const listeners = new Set<() => void>();
const told = () => {
  for (const listener of listeners) listener();
};

/** Hears each newer saved time until the returned function is called. */
export function onSavedCopy(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** When the latest answer the page got from the worker's copies was saved, or null. */
export function savedCopyTime(): number | null {
  return shownSavedAt ?? latestSavedAt;
}

/**
 * The screen shows a copy the page kept itself (a chat room, from IndexedDB), saved at `time`: the
 * banner says that time until the returned function is called (the room left, or read live).
 */
export function showSavedCopy(time: number): () => void {
  shownSavedAt = time;
  told();
  return () => {
    if (shownSavedAt !== time) return;
    shownSavedAt = null;
    told();
  };
}

/** fetch that notes the saved time of kept answers, and fails writes at once while offline. */
export function withSavedCopy(fetchFn: FetchLike): FetchLike {
  return async (url, init) => {
    if (init.method !== "GET" && typeof navigator !== "undefined" && navigator.onLine === false) {
      throw new TypeError("offline");
    }
    const response = await fetchFn(url, init);
    const headers = (response as { headers?: { get(name: string): string | null } }).headers;
    const saved = Number(headers?.get?.(SAVED_AT_HEADER) ?? Number.NaN);
    if (Number.isFinite(saved) && saved > 0 && saved !== latestSavedAt) {
      latestSavedAt = saved;
      told();
    }
    return response;
  };
}

/** Drops the kept API answers (logout): the next user of this phone starts from the network. */
export async function forgetKeptAnswers(): Promise<void> {
  if (typeof caches === "undefined") return;
  for (const key of await caches.keys()) if (key.startsWith("katale-reads-")) await caches.delete(key);
}
