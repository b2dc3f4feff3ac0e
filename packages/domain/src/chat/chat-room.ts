import { z } from "zod";
import { chatMessageSchema } from "./chat-message.js";

const customerSchema = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  profilePicture: z.string().nullable(),
});
const shopSchema = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  displayImage: z.string().nullable(),
  /** The owner's user id: the viewer is the shop side when it equals theirs (spec §6). */
  owner: z.number().int().positive(),
});

export const chatRoomSchema = z.object({
  slug: z.string().min(1),
  /** Oldest first. */
  messages: z.array(chatMessageSchema),
  customer: customerSchema,
  shop: shopSchema,
  /** Who blocked the room: "you" (the viewer), "them" (the other side), or nobody. */
  blockedBy: z.enum(["you", "them"]).nullable().optional(),
});
export type ChatRoom = z.infer<typeof chatRoomSchema>;

/** A room of the chat list: the latest message for the preview, and what the viewer has not read. */
export const chatRoomSummarySchema = z.object({
  slug: z.string().min(1),
  customer: customerSchema,
  shop: shopSchema,
  lastMessage: chatMessageSchema.nullable(),
  unreadCount: z.number().int().nonnegative(),
});
export type ChatRoomSummary = z.infer<typeof chatRoomSummarySchema>;

/** A room the viewer blocked: the settings' "Blocked chats" list. */
export const chatBlockedRoomSchema = z.object({
  slug: z.string().min(1),
  customer: customerSchema,
  shop: shopSchema,
  /** ISO 8601 timestamp. */
  blockedAt: z.string(),
});
export type ChatBlockedRoom = z.infer<typeof chatBlockedRoomSchema>;
