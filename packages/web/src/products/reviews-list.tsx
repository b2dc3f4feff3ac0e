import { COMMENTS_PER_PAGE, messages, pageCount } from "@katale/domain";
import { useEffect, useState } from "react";
import { useLoginPrompt } from "../auth/login-prompt-context.js";
import { useSession } from "../auth/use-session.js";
import { EmptyState } from "../ui/empty-state.js";
import { Pager } from "../ui/pager.js";
import { Spinner } from "../ui/spinner.js";
import { ReviewForm } from "./review-form.js";
import { ReviewItem } from "./review-item.js";
import { useReviews } from "./use-reviews.js";

/**
 * The product's reviews, 4 a page, newest first; a signed-in user writes one here and edits or
 * deletes their own (one in edit at a time); a visitor's 'Write a review' opens the login popup.
 */
export function ReviewsList({ productId }: { productId: number }) {
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<number | null>(null);
  const query = useReviews(productId, page);
  const promptLogin = useLoginPrompt();
  const { loggedIn, userId } = useSession();
  const data = query.data;
  const emptyPastFirst = data !== undefined && data.comments.length === 0 && page > 1;
  // A page left empty (its last review deleted, or 'Invalid page.'): back to the one before.
  useEffect(() => {
    if (emptyPastFirst && !query.isPlaceholderData) setPage((p) => Math.max(1, p - 1));
  }, [emptyPastFirst, query.isPlaceholderData]);

  return (
    <section aria-labelledby="reviews-title" className="mt-8">
      <div className="mb-3 flex items-center justify-between gap-2">
        <h2 id="reviews-title" className="section-title">
          {messages.web.reviews}
          {data !== undefined && data.total > 0 && (
            <span className="ml-2 text-base font-normal text-gray-600">({data.total})</span>
          )}
        </h2>
        {!loggedIn && (
          <button type="button" className="btn-secondary" onClick={promptLogin}>
            {messages.web.writeReview}
          </button>
        )}
      </div>
      {loggedIn && <ReviewForm productId={productId} onPosted={() => setPage(1)} />}
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
              <ReviewItem
                key={comment.id}
                productId={productId}
                comment={comment}
                own={userId !== null && comment.commentorId === userId}
                editing={editing === comment.id}
                onEdit={setEditing}
              />
            ))}
          </ul>
          <Pager
            page={page}
            pageCount={pageCount(data.total, COMMENTS_PER_PAGE)}
            onPage={(p) => {
              setEditing(null);
              setPage(p);
            }}
            disabled={query.isPlaceholderData}
          />
        </>
      )}
    </section>
  );
}
