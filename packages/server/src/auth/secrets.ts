import { createHash, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import { OTP_LENGTH } from "@katale/domain";

// Random secrets and how they are stored: login tokens and reset keys carry 256 random bits and are
// kept only as SHA-256 hashes (a database leak gives no usable token); one-time codes are 5 digits
// (spec §9), stored hashed with what they are bound to.

/** A new login token or reset key: 32 random bytes, base64url (43 characters). */
export function newSecret(): string {
  return randomBytes(32).toString("base64url");
}

/** SHA-256 in hex: of a token or key (stored so), or of a picture's bytes (what identifies it). */
export function sha256(value: string | Uint8Array): string {
  return createHash("sha256").update(value).digest("hex");
}

/** A one-time code of OTP_LENGTH digits, uniformly random. */
export function newCode(): string {
  return String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, "0");
}

/** The stored form of a code: bound to its user and purpose, so it cannot be replayed elsewhere. */
export function codeHash(userId: number, purpose: string, code: string): string {
  return sha256(`${userId}:${purpose}:${code.trim()}`);
}

export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
