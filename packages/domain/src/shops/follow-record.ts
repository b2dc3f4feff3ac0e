import { z } from "zod";

/** One shop the user follows; `id` is what unfollowing deletes. */
export const followRecordSchema = z.object({
  id: z.number().int().positive(),
  shop: z.object({
    id: z.number().int().positive(),
    name: z.string(),
    coverImage: z.string().nullable(),
    displayImage: z.string().nullable(),
  }),
});
export type FollowRecord = z.infer<typeof followRecordSchema>;
