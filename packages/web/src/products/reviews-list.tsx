import { COMMENTS_PER_PAGE, formatDate, messages, pageCount } from "@katale/domain";
import { useState } from "react";
import { useLoginPrompt } from "../auth/login-prompt-context.js";
import { EmptyState } from "../ui/empty-state.js";
import { Pager } from "../ui/pager.js";
import { ResponsiveImage } from "../ui/responsive-image.js";
import { Spinner } from "../ui/spinner.js";
import { useReviews } from "./use-reviews.js";

/** The product's reviews, 4 a page, with 'Write a review' (needs login). */
export function ReviewsList({ productId }: { productId: number }) {
  const [page, setPage] = useState(1);
  const query = useReviews(productId, page);
  const promptLogin = useLoginPrompt();
  const data = query.data;
  return (
    <section aria-labelledby="reviews-title" className="mt-8">
      <div className="mb-3 flex items-center justify-between gap-2">
        <h2 id="reviews-title" className="section-title">
          {messages.web.reviews}
        </h2>
        <button type="button" className="btn-secondary" onClick={promptLogin}>
          {messages.web.writeReview}
        </button>
      </div>
      {data === undefined ? (
        <Spinner />
      ) : data.comments.length === 0 ? (
        <EmptyState>{messages.reviews.noComments}</EmptyState>
      ) : (
        <>
          <ul
            className="divide-y divide-gray-200 rounded-xl border border-gray-200 bg-white"
            aria-busy={query.isPlaceholderData}
          >
            {data.comments.map((comment) => (
              <li key={comment.id} className="flex gap-3 p-4">
                <ResponsiveImage
                  path={comment.commentorProfilePicture}
                  alt=""
                  width={40}
                  height={40}
                  sizes="40px"
                  className="h-10 w-10 shrink-0 rounded-full object-cover"
                />
                <div className="min-w-0">
                  <p className="font-medium">{comment.commentorName}</p>
                  <p className="text-xs text-gray-500">{formatDate(new Date(comment.dateCommented))}</p>
                  <p className="mt-1 break-words text-gray-800">{comment.comment}</p>
                </div>
              </li>
            ))}
          </ul>
          <Pager
            page={page}
            pageCount={pageCount(data.total, COMMENTS_PER_PAGE)}
            onPage={setPage}
            disabled={query.isPlaceholderData}
          />
        </>
      )}
    </section>
  );
}
