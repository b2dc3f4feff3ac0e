import { z } from "zod";

export const filterValueSchema = z.object({
  id: z.number().int().positive(),
  filterId: z.number().int().positive(),
  name: z.string().min(1),
});
export type FilterValue = z.infer<typeof filterValueSchema>;

export const filterSchema = z.object({
  id: z.number().int().positive(),
  name: z.string().min(1),
  subCategoryId: z.number().int().positive(),
  values: z.array(filterValueSchema),
});
export type Filter = z.infer<typeof filterSchema>;
