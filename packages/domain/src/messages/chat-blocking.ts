// User-facing texts of one area, apart from `messages` so that only the screens that show them load them.

/** Blocking in chat: either side of a room may block it; no message flows until it is unblocked. */
export const chatBlockingMessages = {
  /** A message refused because the other side blocked the room. */
  blockedByOther: "You cannot send messages in this chat",
  /** A message refused because the sender blocked the room themselves. */
  blockedByYou: "You blocked this chat. Unblock it to send messages",
  block: "Block",
  unblock: "Unblock",
  confirmBlock:
    "Neither of you can send messages in this chat, and it leaves your chat list until you unblock it.",
  confirmUnblock: "Messages can flow again, and the chat is back in your chat list.",
  blockQuestion: (name: string) => `Block ${name}?`,
  unblockQuestion: (name: string) => `Unblock ${name}?`,
  cancel: "Cancel",
  blockedState: "You blocked this chat",
  blockedStateHint: "Unblock it to send and receive messages again.",
  blockedBanner: "This chat is not taking messages",
  blocked: (name: string) => `${name} is blocked`,
  unblocked: (name: string) => `${name} is unblocked`,
  blockedChats: "Blocked chats",
  noBlockedChats: "You have not blocked anyone",
  blockedOn: (date: string) => `Blocked ${date}`,
  cannotBlock: "The chat could not be blocked; try again",
  cannotUnblock: "The chat could not be unblocked; try again",
  roomMenu: "Chat options",
} as const;
