import { type ReportTarget, reportingMessages, signedInToken } from "@katale/domain";
import { Flag } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { useServices } from "../app/services-context.js";
import { useLoginPrompt } from "../auth/login-prompt-context.js";

const ReportDialog = lazy(() => import("./report-dialog.js"));

/**
 * The "Report" entry of a product, shop or review: a dialog with the reasons for a signed-in user,
 * the 'You need to login first' popup for a visitor.
 */
export function ReportButton({
  target,
  targetId,
  label,
  className = "",
}: {
  target: ReportTarget;
  targetId: number;
  /** The accessible name where a page holds several (each review's). */
  label?: string;
  className?: string;
}) {
  const { local } = useServices();
  const promptLogin = useLoginPrompt();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className={`btn-link inline-flex items-center gap-1 text-sm text-gray-600 ${className}`}
        aria-haspopup="dialog"
        aria-label={label}
        onClick={() => (signedInToken(local).ok ? setOpen(true) : promptLogin())}
      >
        <Flag aria-hidden="true" size={16} />
        {reportingMessages.report}
      </button>
      {open && (
        <Suspense fallback={null}>
          <ReportDialog target={target} targetId={targetId} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
