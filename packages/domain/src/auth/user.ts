import { z } from "zod";
import { verificationStatusSchema } from "../verification-status-schema.js";

export const genderSchema = z.enum(["male", "female"]);
export type Gender = z.infer<typeof genderSchema>;

export const userSchema = z.object({
  id: z.number().int().positive(),
  email: z.string(),
  phone: z.string(),
  name: z.string(),
  /** YYYY-MM-DD. */
  dateOfBirth: z.string().nullable(),
  country: z.string().nullable(),
  gender: genderSchema.nullable(),
  profilePicture: z.string().nullable(),
  verificationStatus: verificationStatusSchema,
});
export type User = z.infer<typeof userSchema>;
