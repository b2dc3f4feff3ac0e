import { z } from "zod";
import { verificationStatusSchema } from "../verification-status-schema.js";

/** One filter value a product carries: the filter of its sub category and the value chosen. */
export const productFilterSchema = z.object({
  filterId: z.number().int().positive(),
  filterName: z.string(),
  valueId: z.number().int().positive(),
  valueName: z.string(),
});
export type ProductFilter = z.infer<typeof productFilterSchema>;

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
  /** Its filter values (the product's own page and the owner's edit): absent from listings. */
  filters: z.array(productFilterSchema).optional(),
  /** Only on its owner's (or an admin's) read once moderators hid it: their note. */
  moderation: z.object({ hidden: z.literal(true), note: z.string() }).optional(),
});
export type Product = z.infer<typeof productSchema>;
