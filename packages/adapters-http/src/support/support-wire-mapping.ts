import type { Faq, Feedback } from "@katale/domain";
import type { FaqWire, FeedbackWire } from "../contract/support.js";

export function toFaq(wire: FaqWire): Faq {
  return { id: wire.id, question: wire.question, answer: wire.answer };
}

export function toFeedback(wire: FeedbackWire): Feedback {
  return { id: wire.id, name: wire.name, message: wire.message, stars: wire.stars, date: wire.date };
}
