import { z } from "zod";

export const commentSchema = z.object({
  id: z.number().int().positive(),
  comment: z.string(),
  commentorName: z.string(),
  commentorProfilePicture: z.string().nullable(),
  /** ISO 8601 timestamp. */
  dateCommented: z.string(),
  /** The spec allows null entries; clients skip them. */
  commentImages: z.array(z.string().nullable()),
  /** The author's user id when the service tells it (own-comment edit/delete). */
  commentorId: z.number().int().positive().optional(),
});
export type Comment = z.infer<typeof commentSchema>;
