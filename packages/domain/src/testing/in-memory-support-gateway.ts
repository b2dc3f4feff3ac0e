import { messages } from "../messages.js";
import { err, ok, type Result } from "../result.js";
import type { Faq } from "../support/faq.js";
import { type Feedback, type NewFeedback, newFeedbackSchema } from "../support/feedback.js";
import type { SupportGateway } from "../support/support-gateway.js";
import { Failures } from "./failures.js";

/** The longest feedback message the service keeps. */
const MESSAGE_MAX_LENGTH = 4000;

/**
 * The support service in memory: `feedback` is kept in the order it came (the newest last) and
 * listed the newest first, as the service lists it; feedback the service refuses (a blank name or
 * message, a bad e-mail address, stars not a whole 0–10, a message over 4000 characters) is
 * 'invalid' and not kept; after `feedbackPerSender` in a row further feedback is refused with the
 * service's words as too-many-attempts (it allows 5 an address in its window; the fake has no clock).
 */
export class InMemorySupportGateway implements SupportGateway {
  readonly failures = new Failures<keyof SupportGateway>();
  feedbackPerSender = 5;
  private sent = 0;

  constructor(
    public faqs: Faq[] = [],
    public feedback: Feedback[] = [],
  ) {}

  async listFaqs(): Promise<Result<Faq[]>> {
    return this.failures.answer("listFaqs", () => ok([...this.faqs]));
  }

  async listFeedback(): Promise<Result<Feedback[]>> {
    return this.failures.answer("listFeedback", () => ok([...this.feedback].reverse()));
  }

  async sendFeedback(feedback: NewFeedback): Promise<Result<Feedback>> {
    return this.failures.answer("sendFeedback", () => {
      const checked = newFeedbackSchema
        .refine((f) => f.message.length <= MESSAGE_MAX_LENGTH, {
          message: "too long",
          path: ["message"],
        })
        .safeParse(feedback);
      if (!checked.success) {
        const issue = checked.error.issues[0];
        return err({ kind: "invalid", message: `${issue?.path.join(".")}: ${issue?.message}` });
      }
      if (this.sent >= this.feedbackPerSender)
        return err({ kind: "too-many-attempts", message: messages.support.feedbackTooOften });
      this.sent += 1;
      const { name, message, stars } = checked.data;
      const published: Feedback = { name, message, stars };
      this.feedback.push(published);
      return ok(published);
    });
  }
}
