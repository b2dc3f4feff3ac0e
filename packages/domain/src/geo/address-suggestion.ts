import { z } from "zod";

export const addressSuggestionSchema = z.object({
  formatted: z.string(),
  lat: z.number().min(-90).max(90),
  lon: z.number().min(-180).max(180),
});
export type AddressSuggestion = z.infer<typeof addressSuggestionSchema>;
