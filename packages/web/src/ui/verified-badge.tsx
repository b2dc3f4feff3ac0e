import { isVerified, firstScreenMessages as messages, type VerificationStatus } from "@katale/domain";
import { BadgeCheck } from "lucide-react";

/** The blue tick beside a verified shop's name, read out as 'Verified shop'; nothing otherwise. */
export function VerifiedBadge({
  status,
  size = 16,
}: {
  status: VerificationStatus | null | undefined;
  size?: number;
}) {
  if (!isVerified(status)) return null;
  return (
    <BadgeCheck
      role="img"
      aria-label={messages.web.verifiedShop}
      size={size}
      className="shrink-0 text-blue-600"
    />
  );
}
