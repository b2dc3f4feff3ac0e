// User-facing texts of one area, apart from `messages` so that only the screens that show them load them.

/** The chat room's outbox: messages typed while the connection is down, kept until they are sent. */
export const chatOutboxMessages = {
  /** A message kept on the phone until the connection is back. */
  waitingToSend: "Waiting to send",
  /** A message the service refused (the room is gone or blocked). */
  failed: "Couldn't send",
  retry: "Retry",
  delete: "Delete",
  retryLabel: (text: string) => `Retry sending: ${text}`,
  deleteLabel: (text: string) => `Delete the unsent message: ${text}`,
  /** Above the text box while the connection is down. */
  offline: "No connection: messages are sent when it is back",
  /** In the room's header instead of 'Available' while the room shown is the phone's copy (offline). */
  savedCopy: "Saved copy",
} as const;
