import { z } from "zod";
import { shopSchema } from "./shop.js";

export const featuredShopSchema = z.object({
  shop: shopSchema,
  averageTotalRating: z.number().min(0).max(5),
});
export type FeaturedShop = z.infer<typeof featuredShopSchema>;
