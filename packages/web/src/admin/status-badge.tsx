import {
  type VerificationRequestKind,
  type VerificationRequestStatus,
  webAdminMessages,
} from "@katale/domain";

const text = webAdminMessages;

const statusLooks: Record<VerificationRequestStatus, { label: string; className: string }> = {
  VERIFIED: { label: text.statusVerified, className: "bg-green-50 text-green-800 ring-green-200" },
  REJECTED: { label: text.statusRejected, className: "bg-red-50 text-red-800 ring-red-200" },
  PENDING: { label: text.statusPending, className: "bg-amber-50 text-amber-900 ring-amber-200" },
};

/** A request's status as a coloured badge (Verified, Rejected, Pending). */
export function StatusBadge({ status }: { status: VerificationRequestStatus }) {
  const look = statusLooks[status];
  return (
    <span className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${look.className}`}>
      {look.label}
    </span>
  );
}

/** Whether a request is a user's or a shop's. */
export function KindBadge({ kind }: { kind: VerificationRequestKind }) {
  return (
    <span className="inline-flex rounded-full bg-gray-100 px-2.5 py-0.5 text-xs font-medium text-gray-700 ring-1 ring-gray-200">
      {kind === "shop" ? text.kindShop : text.kindUser}
    </span>
  );
}
