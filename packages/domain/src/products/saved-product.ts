import { z } from "zod";

export const savedProductSchema = z.object({
  savedProductId: z.number().int().positive(),
  productId: z.number().int().positive(),
});
export type SavedProduct = z.infer<typeof savedProductSchema>;
