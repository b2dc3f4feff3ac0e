import { z } from "zod";

/** A slide of the home banner carousel, linking to /item/{slug}. */
export const bannerItemSchema = z.object({
  slug: z.string().min(1),
  images: z.array(z.string()),
  productName: z.string(),
  productId: z.number().int().positive(),
  shopId: z.number().int().positive(),
});
export type BannerItem = z.infer<typeof bannerItemSchema>;
