import {
  COMMENT_EDIT_CONFIRMATION_MS,
  type Comment,
  formatDate,
  messages,
  REVIEW_MAX_LENGTH,
  reportingMessages,
  reviewText,
} from "@katale/domain";
import { useEffect, useId, useState } from "react";
import { useDeleteReview, useEditReview } from "../engagement/use-review-changes.js";
import { ReportButton } from "../moderation/report-button.js";
import { Dialog } from "../ui/dialog.js";
import { ResponsiveImage } from "../ui/responsive-image.js";

export interface ReviewItemProps {
  readonly productId: number;
  readonly comment: Comment;
  /** The signed-in user wrote it: Edit and Delete show. */
  readonly own: boolean;
  /** This review is the one being edited (one at a time). */
  readonly editing: boolean;
  readonly onEdit: (commentId: number | null) => void;
}

/** One review: author, date and the text (always as text, never markup); for its author Edit and Delete. */
export function ReviewItem({ productId, comment, own, editing, onEdit }: ReviewItemProps) {
  const [confirmation, setConfirmation] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const edit = useEditReview(productId, { onSaved: setConfirmation });
  const remove = useDeleteReview(productId);

  useEffect(() => {
    if (confirmation === null) return;
    const timer = setTimeout(() => setConfirmation(null), COMMENT_EDIT_CONFIRMATION_MS);
    return () => clearTimeout(timer);
  }, [confirmation]);

  return (
    <li className="flex gap-3 p-4">
      <ResponsiveImage
        path={comment.commentorProfilePicture}
        alt=""
        width={40}
        height={40}
        sizes="40px"
        className="h-10 w-10 shrink-0 rounded-full object-cover"
      />
      <div className="min-w-0 flex-1">
        <p className="font-medium">{comment.commentorName}</p>
        <p className="text-xs text-gray-500">{formatDate(new Date(comment.dateCommented))}</p>
        {editing ? (
          <EditForm
            initial={comment.comment}
            onCancel={() => onEdit(null)}
            onSave={(text) => {
              onEdit(null);
              edit.mutate({ comment, text });
            }}
          />
        ) : (
          <>
            <p className="mt-1 break-words whitespace-pre-line text-gray-800">{comment.comment}</p>
            <p role="status" className="text-sm text-green-700">
              {confirmation ?? ""}
            </p>
            {own && (
              <div className="mt-1 flex gap-2">
                <button
                  type="button"
                  className="btn-link"
                  disabled={edit.isPending || remove.isPending}
                  onClick={() => onEdit(comment.id)}
                >
                  {messages.reviews.edit}
                </button>
                <button
                  type="button"
                  className="btn-link text-red-700"
                  disabled={remove.isPending}
                  onClick={() => setConfirmDelete(true)}
                >
                  {messages.reviews.delete}
                </button>
              </div>
            )}
            {!own && (
              <ReportButton
                target="review"
                targetId={comment.id}
                label={reportingMessages.reportReview(comment.commentorName)}
                className="mt-1"
              />
            )}
          </>
        )}
      </div>
      {confirmDelete && (
        <Dialog title={messages.reviews.confirmDelete} onClose={() => setConfirmDelete(false)}>
          <p className="line-clamp-3 break-words text-gray-700">{comment.comment}</p>
          <div className="mt-5 flex justify-end gap-2">
            <button type="button" className="btn-secondary" onClick={() => setConfirmDelete(false)}>
              {messages.reviews.cancel}
            </button>
            <button
              type="button"
              className="btn-danger"
              data-autofocus
              onClick={() => {
                setConfirmDelete(false);
                remove.mutate(comment);
              }}
            >
              {messages.reviews.delete}
            </button>
          </div>
        </Dialog>
      )}
    </li>
  );
}

/** The inline edit: the text, Save and Cancel; Escape cancels. */
function EditForm({
  initial,
  onSave,
  onCancel,
}: {
  initial: string;
  onSave: (text: string) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const [text, setText] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      className="mt-2 flex flex-col gap-2"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const checked = reviewText(text);
        if (!checked.ok) {
          setError(checked.error.kind === "invalid" ? checked.error.message : messages.reviews.empty);
          return;
        }
        if (checked.value === initial) onCancel();
        else onSave(checked.value);
      }}
      onKeyDown={(event) => {
        if (event.key === "Escape") onCancel();
      }}
    >
      <label htmlFor={id} className="sr-only">
        {messages.reviews.editYourReview}
      </label>
      <textarea
        id={id}
        // biome-ignore lint/a11y/noAutofocus: the edit opens on request; the text is where to go
        autoFocus
        rows={3}
        maxLength={REVIEW_MAX_LENGTH}
        value={text}
        aria-invalid={error !== null}
        aria-describedby={error === null ? undefined : `${id}-error`}
        onChange={(event) => {
          setText(event.target.value);
          setError(null);
        }}
        className="w-full rounded-lg border border-gray-300 px-3 py-2 focus:border-brand-700 focus:outline-none"
      />
      {error !== null && (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      )}
      <div className="flex gap-2">
        <button type="submit" className="btn-primary">
          {messages.reviews.save}
        </button>
        <button type="button" className="btn-secondary" onClick={onCancel}>
          {messages.reviews.cancel}
        </button>
      </div>
    </form>
  );
}
