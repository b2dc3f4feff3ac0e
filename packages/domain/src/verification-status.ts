// Only VERIFIED is named by the spec (it shows the badge); the others are ours. No zod here: the
// web's first screen shows the badge (verification-status-schema.ts has the wire's schema).
export const VERIFICATION_STATUSES = ["UNVERIFIED", "PENDING", "VERIFIED", "REJECTED"] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

export function isVerified(status: VerificationStatus | null | undefined): boolean {
  return status === "VERIFIED";
}
