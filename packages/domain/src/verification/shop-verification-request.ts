import { z } from "zod";
import { imageUploadSchema } from "../media/image-upload.js";

export const shopVerificationRequestSchema = z.object({
  /** From the form's Email field (spec §3). */
  contact: z.email(),
  shopImage: imageUploadSchema,
  locationLatitude: z.number().min(-90).max(90),
  locationLongitude: z.number().min(-180).max(180),
  shop: z.number().int().positive(),
});
export type ShopVerificationRequest = z.infer<typeof shopVerificationRequestSchema>;
