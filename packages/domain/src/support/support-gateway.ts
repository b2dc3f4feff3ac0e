import type { Result } from "../result.js";
import type { Faq } from "./faq.js";
import type { Feedback, NewFeedback } from "./feedback.js";

/** FAQ and feedback (spec §7 faqs/…); no login needed. */
export interface SupportGateway {
  listFaqs(): Promise<Result<Faq[]>>;
  listFeedback(): Promise<Result<Feedback[]>>;
  /** The feedback as published, or 'invalid' with the service's message when it is refused. */
  sendFeedback(feedback: NewFeedback): Promise<Result<Feedback>>;
}
