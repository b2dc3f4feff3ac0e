import { z } from "zod";

export const categorySchema = z.object({
  id: z.number().int().positive(),
  name: z.string().min(1),
  /** Host path or bare host+path (spec §3); resolve with mediaUrl, a default image when null. */
  imageUrl: z.string().nullable(),
});
export type Category = z.infer<typeof categorySchema>;
