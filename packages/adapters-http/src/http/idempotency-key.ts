// One Idempotency-Key per user action (one call of a gateway method), reused by its retries.

/** A random UUID (v4): `crypto.randomUUID` where the page is a secure context, else built by hand. */
export function newIdempotencyKey(): string {
  const crypto = globalThis.crypto;
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Whether a create sent with a key is worth sending again with the same key: no answer came (the
 * connection broke, maybe after the server did the work), the server stopped the work and kept
 * nothing (503), or the first send is still being worked on (409 `idempotency_key_in_use`).
 */
export function worthRetrying(status: number | "network", body: unknown): boolean {
  if (status === "network" || status === 503) return true;
  return status === 409 && (body as { code?: unknown } | null)?.code === "idempotency_key_in_use";
}

/** Waits between a create's sends: 1 s, 2 s, 4 s. */
export const RETRY_DELAYS_MS: readonly number[] = [1_000, 2_000, 4_000];
