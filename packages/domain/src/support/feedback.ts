import { z } from "zod";
import { RATING_STORED_MAX } from "../constants.js";

const storedStars = z.number().int().min(0).max(RATING_STORED_MAX);

/** Feedback as published: e-mail addresses are collected but not shown. */
export const feedbackSchema = z.object({
  id: z.number().int().positive().optional(),
  name: z.string(),
  message: z.string(),
  /** Stored 0–10 (doubled); shown 0–5 in half steps. */
  stars: storedStars,
  /** ISO 8601 timestamp, when the service tells it. */
  date: z.string().optional(),
});
export type Feedback = z.infer<typeof feedbackSchema>;

/** Feedback as sent (spec §3: name, email, message, stars). */
export const newFeedbackSchema = z.object({
  name: z.string().trim().min(1),
  email: z.email(),
  message: z.string().trim().min(1),
  stars: storedStars,
});
export type NewFeedback = z.infer<typeof newFeedbackSchema>;
