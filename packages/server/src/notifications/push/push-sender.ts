import { fetch } from "undici";
import webpush from "web-push";
import type { Vapid } from "./vapid-keys.js";

/** How long a push service keeps a message for a browser that is offline (RFC 8030 TTL). */
export const PUSH_TTL_SECONDS = 24 * 3600;
/** Longest wait for a push service's answer. */
export const PUSH_TIMEOUT_MS = 10_000;

export interface PushTarget {
  readonly endpoint: string;
  readonly p256dh: string;
  readonly auth: string;
}

/**
 * - `sent`: the push service took the message.
 * - `gone`: it no longer knows the subscription (404, 410), or the subscription cannot be used:
 *   drop it.
 * - `failed`: try again later (the service is down, slow, or limits us).
 */
export type PushOutcome =
  | { readonly kind: "sent" }
  | { readonly kind: "gone" }
  | { readonly kind: "failed"; readonly reason: string };

/**
 * One message to one browser: encrypted to its keys (RFC 8291, aes128gcm) and signed with the
 * server's VAPID key (RFC 8292) by web-push, posted by undici. `topic` lets the push service replace
 * a copy of the same message it still holds instead of showing it twice.
 */
export async function sendPush(
  target: PushTarget,
  payload: string,
  vapid: Vapid,
  topic: string,
): Promise<PushOutcome> {
  let request: ReturnType<typeof webpush.generateRequestDetails>;
  try {
    request = webpush.generateRequestDetails(
      { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
      payload,
      {
        vapidDetails: { subject: vapid.subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
        TTL: PUSH_TTL_SECONDS,
        topic,
        urgency: "normal",
        contentEncoding: "aes128gcm",
      },
    );
  } catch {
    // Keys a message cannot be encrypted to: no later try will do better.
    return { kind: "gone" };
  }
  try {
    const answer = await fetch(request.endpoint, {
      method: request.method,
      headers: request.headers as Record<string, string>,
      body: request.body ?? undefined,
      redirect: "error",
      signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
    });
    await answer.arrayBuffer().catch(() => undefined);
    if (answer.status === 404 || answer.status === 410) return { kind: "gone" };
    if (answer.ok) return { kind: "sent" };
    return { kind: "failed", reason: `HTTP ${answer.status}` };
  } catch (err) {
    return { kind: "failed", reason: err instanceof Error ? err.message : String(err) };
  }
}
