import { z } from "zod";

export const chatProductSchema = z.object({
  slug: z.string(),
  productName: z.string(),
  price: z.number().int().nonnegative(),
  images: z.array(z.string()),
});
export type ChatProduct = z.infer<typeof chatProductSchema>;

export const chatMessageSchema = z.object({
  message: z.string(),
  senderId: z.number().int().positive(),
  product: chatProductSchema.nullable().optional(),
  /** ISO 8601 timestamp. */
  createdAt: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;
