import { z } from "zod";
import { verificationStatusSchema } from "../verification-status.js";

export const productSchema = z.object({
  id: z.number().int().positive(),
  name: z.string().min(1),
  slug: z.string().min(1),
  description: z.string(),
  /** Whole UGX. */
  price: z.number().int().nonnegative(),
  inStock: z.number().int().nonnegative(),
  /** Host paths, the first is the display image. */
  images: z.array(z.string()),
  shopId: z.number().int().positive(),
  shopName: z.string(),
  shopVerificationStatus: verificationStatusSchema.nullable(),
  categoryId: z.number().int().positive(),
  categoryName: z.string(),
  subCategoryId: z.number().int().positive(),
  subCategoryName: z.string(),
  /** 0–5, one decimal (what a card shows). */
  averageRating: z.number().min(0).max(5),
  numberOfUsersRated: z.number().int().nonnegative(),
  /** The owner's own key, unique within the shop (issue 9); null or absent when none was given. */
  sku: z.string().nullable().optional(),
});
export type Product = z.infer<typeof productSchema>;
