import { z } from "zod";
import { RATING_MAX, RATING_MIN, RATING_STEP } from "../constants.js";
import { storedFromStars } from "../format/stars.js";
import { messages } from "../messages.js";
import { err, type Result } from "../result.js";
import type { Feedback, NewFeedback } from "./feedback.js";
import type { SupportGateway } from "./support-gateway.js";

/** The 'Leave Feedback' form: name, email and comment required; stars 0–5 in half steps (spec §5). */
export const feedbackFormSchema = z.object({
  name: z.string().trim().min(1, messages.support.enterName),
  email: z.string().trim().pipe(z.email(messages.support.enterValidEmail)),
  message: z.string().trim().min(1, messages.support.enterComment),
  stars: z
    .number()
    .min(RATING_MIN)
    .max(RATING_MAX)
    .refine((n) => Number.isInteger(n / RATING_STEP), { message: "stars go in half steps" }),
});
export type FeedbackForm = z.infer<typeof feedbackFormSchema>;

/** Sends the form with the stars doubled (stored 0–10); answers the feedback as published. */
export async function submitFeedback(
  support: Pick<SupportGateway, "sendFeedback">,
  form: FeedbackForm,
): Promise<Result<Feedback>> {
  const parsed = feedbackFormSchema.safeParse(form);
  if (!parsed.success) return err({ kind: "invalid", message: messages.support.failedToAddFeedback });
  const feedback: NewFeedback = { ...parsed.data, stars: storedFromStars(parsed.data.stars) };
  return support.sendFeedback(feedback);
}
