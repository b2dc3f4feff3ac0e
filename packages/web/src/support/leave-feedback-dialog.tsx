import { FEEDBACK_ERROR_CLEAR_MS, type FeedbackForm, feedbackFormSchema, messages } from "@katale/domain";
import { Banners } from "../ui/banner.js";
import { Dialog } from "../ui/dialog.js";
import { EmailField } from "../ui/email-field.js";
import { TextAreaField, TextField } from "../ui/field.js";
import { SubmitButton } from "../ui/submit-button.js";
import { useOutcomeForm } from "../ui/use-outcome-form.js";
import { StarInput } from "./star-input.js";
import { useLeaveFeedback } from "./use-leave-feedback.js";

const blank: FeedbackForm = { name: "", email: "", message: "", stars: 0 };

/**
 * 'Leave Feedback' (spec §2, §5): Submit waits for a name, an e-mail and a comment; stars 0–5 in half
 * steps go out doubled. A failure says 'Failed to add feedback. Please try again.' for 3 s and keeps
 * what was typed; success closes the dialog with the new card on top of the list.
 */
export function LeaveFeedbackDialog({ onClose }: { onClose: () => void }) {
  const send = useLeaveFeedback();
  const s = messages.support;
  const { form, onSubmit, busy, banner } = useOutcomeForm(feedbackFormSchema, send.mutateAsync, {
    defaultValues: blank,
    // Success closes the dialog: the new card on top of the list says it.
    successBanner: false,
    onSuccess: onClose,
    failureMessage: s.failedToAddFeedback,
    bannerLastsMs: () => FEEDBACK_ERROR_CLEAR_MS,
  });
  const { register, watch, formState } = form;

  const [name, email, comment, stars] = watch(["name", "email", "message", "stars"]);
  const filled = [name, email, comment].every((text) => text.trim() !== "");

  return (
    <Dialog title={s.leaveFeedback} onClose={onClose}>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <TextField
          label={s.feedbackName}
          autoComplete="name"
          error={formState.errors.name?.message}
          {...register("name")}
        />
        <EmailField label={s.feedbackEmail} error={formState.errors.email?.message} {...register("email")} />
        <StarInput label={s.feedbackStars} value={stars} {...register("stars", { valueAsNumber: true })} />
        <TextAreaField
          label={s.feedbackComment}
          rows={4}
          error={formState.errors.message?.message}
          {...register("message")}
        />
        <div className="flex flex-col gap-2">
          <Banners state={banner} />
          <SubmitButton busy={busy} disabled={!filled} busyLabel={s.submitting}>
            {s.submit}
          </SubmitButton>
        </div>
      </form>
    </Dialog>
  );
}
