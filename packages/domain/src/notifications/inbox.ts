import { type SessionPorts, signedInToken } from "../engagement/signed-in.js";
import { ok, type Result } from "../result.js";
import type {
  ChannelChoices,
  NotificationChannel,
  NotificationKind,
  NotificationSettings,
} from "./notification.js";
import type { InboxPage, NotificationGateway } from "./notification-gateway.js";

// The signed-in user's inbox: a page of it, marking read, and the channels per kind.

export interface InboxPorts extends SessionPorts {
  readonly notifications: NotificationGateway;
}

/** A page of the inbox (the unread ones only when asked). */
export async function listNotifications(
  ports: InboxPorts,
  options: { readonly page?: number; readonly unreadOnly?: boolean } = {},
): Promise<Result<InboxPage>> {
  const token = signedInToken(ports.storage);
  if (!token.ok) return token;
  return ports.notifications.listNotifications(token.value, options.page ?? 1, {
    unreadOnly: options.unreadOnly === true,
  });
}

/** Marks the given entries read, or all of them when `ids` is empty or left out; the unread count left. */
export async function markNotificationsRead(
  ports: InboxPorts,
  ids: readonly number[] = [],
): Promise<Result<number>> {
  const token = signedInToken(ports.storage);
  if (!token.ok) return token;
  return ports.notifications.markNotificationsRead(token.value, ids.length === 0 ? undefined : ids);
}

export async function loadNotificationSettings(ports: InboxPorts): Promise<Result<NotificationSettings>> {
  const token = signedInToken(ports.storage);
  if (!token.ok) return token;
  return ports.notifications.notificationSettings(token.value);
}

/** One switch: a kind's channel on or off. */
export interface SettingChange {
  readonly kind: NotificationKind;
  readonly channel: NotificationChannel;
  readonly on: boolean;
}

/**
 * Turns the given switches, keeping every other channel as it is (the service takes a kind's three
 * channels together, so the settings are read first). No change: the settings as they are.
 */
export async function changeNotificationSettings(
  ports: InboxPorts,
  changes: readonly SettingChange[],
): Promise<Result<NotificationSettings>> {
  const token = signedInToken(ports.storage);
  if (!token.ok) return token;
  const now = await ports.notifications.notificationSettings(token.value);
  if (!now.ok || changes.length === 0) return now;
  const kinds: Partial<Record<NotificationKind, ChannelChoices>> = {};
  for (const { kind, channel, on } of changes) {
    kinds[kind] = { ...(kinds[kind] ?? now.value[kind]), [channel]: on };
  }
  const saved = await ports.notifications.saveNotificationSettings(token.value, kinds);
  return saved.ok ? ok(saved.value) : saved;
}
