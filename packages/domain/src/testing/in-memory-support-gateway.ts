import { ok, type Result } from "../result.js";
import type { Faq } from "../support/faq.js";
import type { Feedback, NewFeedback } from "../support/feedback.js";
import type { SupportGateway } from "../support/support-gateway.js";
import { Failures } from "./failures.js";

export class InMemorySupportGateway implements SupportGateway {
  readonly failures = new Failures<keyof SupportGateway>();

  constructor(
    public faqs: Faq[] = [],
    public feedback: Feedback[] = [],
  ) {}

  async listFaqs(): Promise<Result<Faq[]>> {
    return this.failures.answer("listFaqs", () => ok([...this.faqs]));
  }

  async listFeedback(): Promise<Result<Feedback[]>> {
    return this.failures.answer("listFeedback", () => ok([...this.feedback]));
  }

  async sendFeedback(feedback: NewFeedback): Promise<Result<Feedback>> {
    return this.failures.answer("sendFeedback", () => {
      const published: Feedback = { name: feedback.name, message: feedback.message, stars: feedback.stars };
      this.feedback.push(published);
      return ok(published);
    });
  }
}
