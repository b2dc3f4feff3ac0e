import type { InboxPorts } from "@katale/domain";

/** What the notification commands and the Ink inbox work with: the inbox port and the stored session. */
export type NotificationServices = InboxPorts;
