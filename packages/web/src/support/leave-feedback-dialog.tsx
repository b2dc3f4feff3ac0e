import { zodResolver } from "@hookform/resolvers/zod";
import { FEEDBACK_ERROR_CLEAR_MS, type FeedbackForm, feedbackFormSchema, messages } from "@katale/domain";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { Banner } from "../ui/banner.js";
import { Dialog } from "../ui/dialog.js";
import { TextAreaField, TextField } from "../ui/field.js";
import { SubmitButton } from "../ui/submit-button.js";
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
  const [failed, setFailed] = useState(false);
  const form = useForm<FeedbackForm>({ resolver: zodResolver(feedbackFormSchema), defaultValues: blank });
  const { register, handleSubmit, watch, formState } = form;
  const s = messages.support;

  useEffect(() => {
    if (!failed) return;
    const timer = setTimeout(() => setFailed(false), FEEDBACK_ERROR_CLEAR_MS);
    return () => clearTimeout(timer);
  }, [failed]);

  const [name, email, comment, stars] = watch(["name", "email", "message", "stars"]);
  const filled = [name, email, comment].every((text) => text.trim() !== "");

  const submit = handleSubmit(async (values) => {
    setFailed(false);
    const sent = await send.mutateAsync(values);
    if (sent.ok) onClose();
    else setFailed(true);
  });

  return (
    <Dialog title={s.leaveFeedback} onClose={onClose}>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <TextField
          label={s.feedbackName}
          autoComplete="name"
          error={formState.errors.name?.message}
          {...register("name")}
        />
        <TextField
          label={s.feedbackEmail}
          type="email"
          inputMode="email"
          autoComplete="email"
          error={formState.errors.email?.message}
          {...register("email")}
        />
        <StarInput label={s.feedbackStars} value={stars} {...register("stars", { valueAsNumber: true })} />
        <TextAreaField
          label={s.feedbackComment}
          rows={4}
          error={formState.errors.message?.message}
          {...register("message")}
        />
        <div className="flex flex-col gap-2">
          <Banner tone="error">{failed ? s.failedToAddFeedback : undefined}</Banner>
          <SubmitButton busy={formState.isSubmitting} disabled={!filled} busyLabel={s.submitting}>
            {s.submit}
          </SubmitButton>
        </div>
      </form>
    </Dialog>
  );
}
