import type { PushSubscriptionKeys } from "./notification-gateway.js";

/** base64url of an uncompressed P-256 point: 65 bytes, the first 0x04 (so "B"), 87 characters. */
const P256_POINT = /^B[A-Za-z0-9_-]{86}=?$/;
/** base64url of a 16-byte secret: 22 characters. */
const AUTH_SECRET = /^[A-Za-z0-9_-]{21}[AQgw](==)?$/;

/**
 * Whether the subscription's keys have the shapes RFC 8291 needs: an uncompressed P-256 point (65
 * bytes starting 0x04) and a 16-byte auth secret, both base64url. The server refuses others.
 */
export function pushKeysWellFormed(subscription: PushSubscriptionKeys): boolean {
  return P256_POINT.test(subscription.keys.p256dh) && AUTH_SECRET.test(subscription.keys.auth);
}
