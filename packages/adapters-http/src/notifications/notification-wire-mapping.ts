import type { InboxEntry, NotificationSettings } from "@katale/domain";
import type { NotificationSettingsWire, NotificationWire } from "../contract/notifications.js";

export function toInboxEntry(wire: NotificationWire): InboxEntry {
  return {
    id: wire.id,
    kind: wire.kind,
    title: wire.title,
    body: wire.body,
    url: wire.url,
    imageUrl: wire.image_url,
    createdAt: wire.created_at,
    read: wire.read,
  };
}

/** The service answers every kind (the contract's record is open: the domain's kinds are read from it). */
export function toNotificationSettings(wire: NotificationSettingsWire): NotificationSettings {
  return wire.settings as NotificationSettings;
}
