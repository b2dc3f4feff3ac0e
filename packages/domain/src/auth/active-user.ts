import { z } from "zod";
import { verificationStatusSchema } from "../verification-status.js";
import { genderSchema, type User } from "./user.js";

/** The signed-in user as kept in storage under `activeUser` (spec §3). */
export const activeUserSchema = z.object({
  email: z.string(),
  phone: z.string(),
  name: z.string(),
  dateOfBirth: z.string().nullable(),
  country: z.string().nullable(),
  gender: genderSchema.nullable(),
  picture: z.string().nullable(),
  status: verificationStatusSchema,
});
export type ActiveUser = z.infer<typeof activeUserSchema>;

export function toActiveUser(user: User): ActiveUser {
  return {
    email: user.email,
    phone: user.phone,
    name: user.name,
    dateOfBirth: user.dateOfBirth,
    country: user.country,
    gender: user.gender,
    picture: user.profilePicture,
    status: user.verificationStatus,
  };
}
