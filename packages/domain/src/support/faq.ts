import { z } from "zod";

export const faqSchema = z.object({
  id: z.number().int().positive().optional(),
  question: z.string().min(1),
  answer: z.string().min(1),
});
export type Faq = z.infer<typeof faqSchema>;
