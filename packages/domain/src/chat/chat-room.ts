import { z } from "zod";
import { chatMessageSchema } from "./chat-message.js";

export const chatRoomSchema = z.object({
  slug: z.string().min(1),
  /** Oldest first. */
  messages: z.array(chatMessageSchema),
  customer: z.object({
    id: z.number().int().positive(),
    name: z.string(),
    profilePicture: z.string().nullable(),
  }),
  shop: z.object({
    name: z.string(),
    displayImage: z.string().nullable(),
    owner: z.number().int().positive(),
  }),
});
export type ChatRoom = z.infer<typeof chatRoomSchema>;
