import { z } from "zod";

// Only VERIFIED is named by the spec (it shows the badge); the others are ours.
export const verificationStatusSchema = z.enum(["UNVERIFIED", "PENDING", "VERIFIED", "REJECTED"]);
export type VerificationStatus = z.infer<typeof verificationStatusSchema>;

export function isVerified(status: VerificationStatus | null | undefined): boolean {
  return status === "VERIFIED";
}
