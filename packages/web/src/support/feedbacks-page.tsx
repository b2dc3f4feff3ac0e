import { messages } from "@katale/domain";
import { MessageSquarePlus } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { EmptyState } from "../ui/empty-state.js";
import { PageTitle } from "../ui/page-title.js";
import { Spinner } from "../ui/spinner.js";
import { FeedbackCard } from "./feedback-card.js";
import { useFeedbacks } from "./use-support.js";

// The form (and its form library) loads only when someone opens it.
const LeaveFeedbackDialog = lazy(async () => ({
  default: (await import("./leave-feedback-dialog.js")).LeaveFeedbackDialog,
}));

/** /feedbacks: what visitors said, as cards, and the 'Leave Feedback' dialog. */
export default function FeedbacksPage() {
  const result = useFeedbacks().data;
  const [open, setOpen] = useState(false);
  return (
    <div className="page py-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <PageTitle>{messages.web.feedbacksTitle}</PageTitle>
        <button type="button" className="btn-primary" aria-haspopup="dialog" onClick={() => setOpen(true)}>
          <MessageSquarePlus aria-hidden="true" size={18} />
          {messages.support.leaveFeedback}
        </button>
      </div>
      {open && (
        <Suspense fallback={<Spinner className="fixed inset-0 z-50 items-center bg-black/20" />}>
          <LeaveFeedbackDialog onClose={() => setOpen(false)} />
        </Suspense>
      )}
      <div className="mt-4">
        {result === undefined ? (
          <Spinner />
        ) : !result.ok ? (
          <EmptyState>{messages.support.failedToLoadFeedbacks}</EmptyState>
        ) : result.value.length === 0 ? (
          <EmptyState>{messages.web.noFeedbacks}</EmptyState>
        ) : (
          <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {result.value.map((feedback, i) => (
              <li key={feedback.id ?? `new-${i}`}>
                <FeedbackCard feedback={feedback} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
