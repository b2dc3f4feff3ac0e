import type { PushSubscriptionKeys } from "./notification-gateway.js";

/** The bytes of a base64url text (padding optional), as `applicationServerKey` takes them. */
export function base64UrlBytes(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text.replaceAll("-", "+").replaceAll("_", "/").replace(/=+$/, "");
  const binary = atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/**
 * Whether the subscription's keys have the shapes RFC 8291 needs: an uncompressed P-256 point (65
 * bytes starting 0x04) and a 16-byte auth secret. The server refuses others.
 */
export function pushKeysWellFormed(subscription: PushSubscriptionKeys): boolean {
  try {
    const point = base64UrlBytes(subscription.keys.p256dh);
    return point.length === 65 && point[0] === 4 && base64UrlBytes(subscription.keys.auth).length === 16;
  } catch {
    return false;
  }
}
