import { messages } from "@katale/domain";
import { authCliMessages } from "../auth/auth-cli-messages.js";

// What only the terminal says about chats.

export const chatCliMessages = {
  /** As `whoami` says it: "You are not logged in. Run 'katale login' first." */
  loginFirst: authCliMessages.notLoggedIn,
  noChats: "You have no chats yet. Start one with katale chat open <shop>.",
  roomOrShopNotFound: (ref: string) =>
    `No chat room or shop is called '${ref}' (see katale chat list and katale shops list).`,
  joined: (partner: string) => `Chat with ${partner}. Type a message and press Enter; Ctrl-D leaves.`,
  noMessages: "No messages yet.",
  unread: (count: number) => `${count} unread`,
  /** A slug starting with "-" (rooms made before slugs began with a letter or digit) follows "--". */
  openHint: (slug: string) => `katale chat open ${slug.startsWith("-") ? "-- " : ""}${slug}`,
  /** The socket could not be opened or closed under us. */
  connectionLost: (url: string) =>
    `The chat connection to the shop service at ${url} was lost: is the server running? Open the chat again.`,
  reconnecting: "The chat connection dropped; connecting again…",
  reconnected: "Connected again.",
  /** A line typed while the connection is down. */
  waiting: (text: string) => `${messages.chat.waitingToSend}: ${text}`,
  notDelivered: "The message was not confirmed by the shop service in time.",
  you: "You",
  picture: "picture",
} as const;
