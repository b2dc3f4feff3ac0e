import { z } from "zod";
import { SHOP_CATEGORIES_MAX } from "../constants.js";
import { verificationStatusSchema } from "../verification-status-schema.js";

export const shopSchema = z.object({
  id: z.number().int().positive(),
  name: z.string().min(1),
  bio: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  displayImage: z.string().nullable(),
  coverImage: z.string().nullable(),
  /** The owner's user id. */
  owner: z.number().int().positive(),
  verificationStatus: verificationStatusSchema,
  /** 0–5 average over the shop's products, null when nothing is rated. */
  rating: z.number().min(0).max(5).nullable(),
  /** Category ids, at most 3 (spec §5). */
  categories: z.array(z.number().int().positive()).max(SHOP_CATEGORIES_MAX),
  locationLatitude: z.number().min(-90).max(90).nullable(),
  locationLongitude: z.number().min(-180).max(180).nullable(),
  /** The district of Uganda its location lies in; null or absent when unknown. */
  district: z.string().nullable().optional(),
});
export type Shop = z.infer<typeof shopSchema>;
