import type { Page } from "../page.js";
import type { Result } from "../result.js";
import type { ChannelChoices, NotificationKind, NotificationSettings } from "./notification.js";

/** One inbox entry as the user sees it. */
export interface Notification {
  readonly id: number;
  readonly kind: NotificationKind;
  readonly title: string;
  readonly body: string;
  /** A path of the web app (`/item/…`, `/account/chat-room?…`). */
  readonly url: string;
  readonly imageUrl: string | null;
  /** ISO 8601. */
  readonly createdAt: string;
  readonly read: boolean;
}

/** One page of the inbox, newest first, and how many entries are unread in all. */
export interface InboxPage extends Page<Notification> {
  readonly unread: number;
}

/** The user's inbox and choices (notifications/ on the shop service); every call takes the token. */
export interface NotificationGateway {
  /** A page of 20, newest first; only the unread ones when `unreadOnly`; past the end 'invalid-page'. */
  listNotifications(token: string, page: number, unreadOnly: boolean): Promise<Result<InboxPage>>;
  /**
   * Marks the given entries read, or every entry when `ids` is undefined; answers the unread count
   * left. An id that is not the user's is 'not-found' and nothing is marked.
   */
  markRead(token: string, ids: readonly number[] | undefined): Promise<Result<number>>;
  /** The channels of every kind. */
  loadSettings(token: string): Promise<Result<NotificationSettings>>;
  /** Sets the channels of the kinds given; answers every kind as saved. */
  saveSettings(
    token: string,
    changes: Partial<Record<NotificationKind, ChannelChoices>>,
  ): Promise<Result<NotificationSettings>>;
}
