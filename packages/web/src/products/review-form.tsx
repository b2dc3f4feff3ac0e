import { messages, REVIEW_MAX_LENGTH, type ReviewFormInput, reviewFormSchema } from "@katale/domain";
import { useAddReview } from "../engagement/use-review-changes.js";
import { Banners } from "../ui/banner.js";
import { TextAreaField } from "../ui/field.js";
import { SubmitButton } from "../ui/submit-button.js";
import { useOutcomeForm } from "../ui/use-outcome-form.js";

/** 'Write a review' for a signed-in user: the text (1 to 2,000 characters) and Post review. */
export function ReviewForm({ productId, onPosted }: { productId: number; onPosted: () => void }) {
  const add = useAddReview(productId);
  const { form, onSubmit, busy, banner } = useOutcomeForm(reviewFormSchema, (values) => add(values.comment), {
    defaultValues: { comment: "" } satisfies ReviewFormInput,
    successBanner: false,
    onSuccess: (_comment, _values, f) => {
      f.reset({ comment: "" });
      onPosted();
    },
  });
  const { errors } = form.formState;
  return (
    <form onSubmit={onSubmit} noValidate className="mb-4 flex flex-col gap-2">
      <TextAreaField
        label={messages.reviews.yourReview}
        rows={3}
        maxLength={REVIEW_MAX_LENGTH}
        error={errors.comment?.message}
        {...form.register("comment")}
      />
      <Banners state={banner} />
      <SubmitButton busy={busy} busyLabel={messages.reviews.posting} className="self-end">
        {messages.reviews.post}
      </SubmitButton>
    </form>
  );
}
