import { safetyMessages } from "@katale/domain";
import { ShieldAlert } from "lucide-react";
import { useId } from "react";
import { Link } from "react-router";

/** Where the safety tips are in full. */
export const STAY_SAFE_PATH = "/stay-safe";

/**
 * The short safety note where money is discussed (every product page, a shopper's first chat with a
 * shop): the four tips and a link to the "Stay safe" page. `onDismiss`: a "Got it" button (the chat's
 * note); `newTab`: the link opens beside the page (a conversation is not left for it).
 */
export function SafetyNote({
  onDismiss,
  newTab = false,
  className = "",
}: {
  onDismiss?: () => void;
  newTab?: boolean;
  className?: string;
}) {
  const titleId = useId();
  const words = safetyMessages;
  return (
    <aside
      aria-labelledby={titleId}
      className={`rounded-xl border border-amber-200 bg-amber-50 p-3 text-sm text-gray-800 sm:p-4 ${className}`}
    >
      <h2 id={titleId} className="flex items-center gap-2 font-semibold text-gray-900">
        <ShieldAlert aria-hidden="true" size={18} className="shrink-0 text-amber-700" />
        {words.noteTitle}
      </h2>
      <ul className="mt-2 list-disc space-y-0.5 pl-5">
        {words.noteTips.map((tip) => (
          <li key={tip}>{tip}</li>
        ))}
      </ul>
      <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1">
        <Link
          to={STAY_SAFE_PATH}
          className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800"
          {...(newTab ? { target: "_blank", rel: "noopener" } : {})}
        >
          {words.moreTips}
        </Link>
        {onDismiss !== undefined && (
          <button type="button" className="btn-link" onClick={onDismiss}>
            {words.dismiss}
          </button>
        )}
      </div>
    </aside>
  );
}
