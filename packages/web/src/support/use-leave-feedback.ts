import { type Feedback, type FeedbackForm, type Result, submitFeedback } from "@katale/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useServices } from "../app/services-context.js";

/** Sends the 'Leave Feedback' form; the published feedback joins the top of the list at once. */
export function useLeaveFeedback() {
  const { support } = useServices();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (form: FeedbackForm) => submitFeedback(support, form),
    onSuccess: (sent) => {
      if (!sent.ok) return;
      client.setQueryData<Result<Feedback[]>>(["feedbacks"], (list) =>
        list?.ok ? { ok: true, value: [sent.value, ...list.value] } : list,
      );
    },
  });
}
