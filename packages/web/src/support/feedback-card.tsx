import { type Feedback, formatDate, starsFromStored } from "@katale/domain";
import { Stars } from "../ui/stars.js";

/** A feedback card: stored 0–10 stars shown as 0–5 in half steps. */
export function FeedbackCard({ feedback }: { feedback: Feedback }) {
  return (
    <article className="flex h-full flex-col gap-2 rounded-xl border border-gray-200 bg-white p-4">
      <Stars rating={starsFromStored(feedback.stars)} />
      <p className="flex-1 text-gray-800">{feedback.message}</p>
      <p className="text-sm font-medium text-gray-900">
        {feedback.name}
        {feedback.date && (
          <span className="ml-2 font-normal text-gray-500">{formatDate(new Date(feedback.date))}</span>
        )}
      </p>
    </article>
  );
}
