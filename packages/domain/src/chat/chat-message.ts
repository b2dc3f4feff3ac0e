import { z } from "zod";

/** The product card a message may carry (filled by the server from its database). */
export const chatProductSchema = z.object({
  productId: z.number().int().positive(),
  slug: z.string(),
  productName: z.string(),
  price: z.number().int().nonnegative(),
  images: z.array(z.string()),
});
export type ChatProduct = z.infer<typeof chatProductSchema>;

export const chatMessageSchema = z.object({
  /** The message's id, what a report on it names (absent from a service that predates reporting). */
  id: z.number().int().positive().optional(),
  message: z.string(),
  senderId: z.number().int().positive(),
  product: chatProductSchema.nullable().optional(),
  /** A photo's path (the server's re-encoded copy), or null; the text is then often empty. */
  image: z.string().nullable().optional(),
  /** ISO 8601 timestamp. */
  createdAt: z.string(),
  /** The sender's own id for it (a UUID), when it was sent with one: its outbox entry's. */
  clientId: z.string().optional(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** Messages are trimmed, then 1..CHAT_MESSAGE_MAX characters (issue 11). */
export const CHAT_MESSAGE_MAX = 2000;
