import type { Page } from "../page.js";
import type { Result } from "../result.js";
import type { ChannelChoices, NotificationKind, NotificationSettings } from "./notification.js";

/** One entry of a user's inbox, as the service words it. */
export interface InboxEntry {
  readonly id: number;
  readonly kind: NotificationKind;
  readonly title: string;
  readonly body: string;
  /** A path of the web app (`/item/…`, `/account/chat-room?…`). */
  readonly url: string;
  readonly imageUrl: string | null;
  /** ISO time of the latest event folded into it. */
  readonly createdAt: string;
  readonly read: boolean;
}

/** A page of the inbox, newest first, with the user's unread count. */
export interface InboxPage extends Page<InboxEntry> {
  readonly unread: number;
}

/** A browser's push subscription, as `PushSubscription.toJSON()` gives it (expirationTime aside). */
export interface PushSubscriptionKeys {
  /** The push service's URL for this browser. */
  readonly endpoint: string;
  readonly keys: {
    /** The browser's P-256 public key, uncompressed (65 bytes), base64url. */
    readonly p256dh: string;
    /** The 16-byte authentication secret, base64url. */
    readonly auth: string;
  };
}

/** Notification calls of the shop service (ours, beside spec §7): the inbox and the choices. */
export interface NotificationGateway {
  /** A page (20 entries); `unreadOnly`: only unread ones. A page past the end: 'invalid-page'. */
  listNotifications(
    token: string,
    page: number,
    options?: { readonly unreadOnly?: boolean },
  ): Promise<Result<InboxPage>>;
  /** Marks the given entries read, or all of them without ids; answers the unread count. Another's id: 'not-found'. */
  markNotificationsRead(token: string, ids?: readonly number[]): Promise<Result<number>>;
  notificationSettings(token: string): Promise<Result<NotificationSettings>>;
  /** Sets the channels of the kinds given; answers every kind's. */
  saveNotificationSettings(
    token: string,
    changes: Partial<Record<NotificationKind, ChannelChoices>>,
  ): Promise<Result<NotificationSettings>>;
  /** The server's VAPID public key (base64url): the browser's `applicationServerKey`. */
  pushKey(): Promise<Result<string>>;
  /**
   * Keeps the browser's subscription for the user (the same endpoint again replaces it). While no
   * kind's push is on, it turns push on for every kind: push is on once the user grants it.
   * Malformed keys: 'invalid'.
   */
  subscribePush(token: string, subscription: PushSubscriptionKeys): Promise<Result<void>>;
  /** Forgets the user's subscription of that endpoint (none there: done all the same). */
  unsubscribePush(token: string, endpoint: string): Promise<Result<void>>;
}

/** What the user's notification socket says: the unread count, with the entry added or folded when there is one. */
export interface InboxFrame {
  readonly entry?: InboxEntry;
  readonly unread: number;
}

/** What a notification connection tells its listener. */
export interface NotificationListener {
  onOpen?(): void;
  onFrame(frame: InboxFrame): void;
  /** The connection closed; `code` as the socket gave it (1001 server going away, 4401 refused). */
  onClose?(code: number): void;
}

export interface NotificationConnection {
  close(): void;
}

/** Opens the user's notification socket. */
export interface NotificationConnector {
  connect(token: string, listener: NotificationListener): NotificationConnection;
}
