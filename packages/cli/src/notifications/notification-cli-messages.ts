import { messages, NOTIFICATION_CHANNELS, NOTIFICATION_KINDS } from "@katale/domain";
import { authCliMessages } from "../auth/auth-cli-messages.js";

// What only the terminal says about the inbox and the channels per kind.

export const notificationCliMessages = {
  loginFirst: authCliMessages.notLoggedIn,
  title: (unread: number) => `Notifications (${unread} unread)`,
  empty: "No notifications yet.",
  notFound: messages.notifications.notificationNotFound,
  pastLastPage: (page: number) => `No more notifications: page ${page} is past the last page.`,
  emptyUnread: "No unread notifications.",
  pageLine: (page: number, pages: number, count: number, next: boolean) =>
    [`Page ${page} of ${pages}`, `${count} ${count === 1 ? "notification" : "notifications"}`]
      .concat(next ? [`next: --page ${page + 1}`] : [])
      .join(" · "),
  markedRead: (unread: number) => `Marked read. ${unread} unread.`,
  idsOrAll: "Give the ids to mark read (see katale notifications), or --all.",
  idsAndAll: "Give either ids or --all, not both.",
  badId: (value: string) => `Expected a notification id (a whole number), got '${value}'.`,
  badSetting: (value: string) => `Expected KIND.CHANNEL=on|off (e.g. new_follower.push=on), got '${value}'.`,
  unknownKind: (kind: string) =>
    `Unknown notification kind '${kind}': one of ${NOTIFICATION_KINDS.join(", ")}.`,
  unknownChannel: (channel: string) =>
    `Unknown channel '${channel}': one of ${NOTIFICATION_CHANNELS.join(", ")}.`,
  settingsTitle: "Notification settings",
  count: (count: number) => `${count} ${count === 1 ? "notification" : "notifications"}`,
  onTheWeb: (url: string) => `On the web: ${url}`,
  unreadBadge: (unread: number) => `${unread} unread`,
  on: "on",
  off: "off",
} as const;
