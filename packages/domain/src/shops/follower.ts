import { z } from "zod";

export const followerSchema = z.object({
  name: z.string(),
  profilePicture: z.string().nullable(),
});
export type Follower = z.infer<typeof followerSchema>;

/** A shop's followers with the total, which may exceed the list returned. */
export interface ShopFollowers {
  readonly numberOfFollowers: number;
  readonly followers: readonly Follower[];
}
