import { RATING_STORED_MAX } from "@katale/domain";
import { z } from "zod";
import { badRequestError, dataOf, defineCalls, detailError, numberOrText, timestamp } from "./common.js";

// FAQs and feedback (spec §3, §7), shop service. Feedback e-mail addresses are collected but never
// published: the public list carries name, message, stars and date only.

export const faqWire = z.object({ id: z.number().int(), question: z.string(), answer: z.string() });
export type FaqWire = z.infer<typeof faqWire>;

export const feedbackWire = z.object({
  id: z.number().int(),
  name: z.string(),
  message: z.string(),
  /** the stored 0–10 value; clients show half of it as 0–5 stars in half steps */
  stars: z.number().int().min(0).max(RATING_STORED_MAX),
  date: timestamp,
});
export type FeedbackWire = z.infer<typeof feedbackWire>;

export const supportCalls = defineCalls({
  faqs: () => ({
    service: "shop",
    method: "GET",
    path: "faqs/",
    summary: "Frequently asked questions, in display order",
    response: { 200: z.object({ data: z.array(faqWire) }) },
  }),
  feedback: () => ({
    service: "shop",
    method: "GET",
    path: "faqs/feedback",
    summary: "Published feedback, newest first (e-mail addresses are not published)",
    response: { 200: z.object({ data: z.array(feedbackWire) }) },
  }),
  addFeedback: () => ({
    service: "shop",
    method: "POST",
    idempotent: true,
    path: "faqs/feedback/",
    summary: "Leave feedback (no login needed); stars is the stored 0–10 value",
    body: z.object({
      message: z.string().trim().min(1).max(4000),
      name: z.string().trim().min(1).max(200),
      email: z.email().max(254),
      stars: numberOrText(z.number().int().min(0).max(RATING_STORED_MAX)),
    }),
    response: { 201: dataOf(feedbackWire), 400: badRequestError, 429: detailError },
  }),
});
