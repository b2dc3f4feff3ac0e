import { z } from "zod";

export const subCategorySchema = z.object({
  id: z.number().int().positive(),
  name: z.string().min(1),
  imageUrl: z.string().nullable(),
  categoryId: z.number().int().positive(),
  /** Present in the listing form (spec §3). */
  categoryName: z.string().optional(),
});
export type SubCategory = z.infer<typeof subCategorySchema>;
