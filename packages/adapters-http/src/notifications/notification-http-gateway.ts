import {
  type ChannelChoices,
  type InboxPage,
  mapResult,
  type Notification,
  type NotificationGateway,
  type NotificationKind,
  type NotificationSettings,
  type Result,
} from "@katale/domain";
import {
  type NotificationSettingsWire,
  type NotificationWire,
  notificationCalls,
} from "../contract/index.js";
import type { HttpClient } from "../http/http-client.js";
import { toPage } from "../http/page-mapping.js";

// notifications/ on the shop service: the inbox, marking read, the channels per kind.

export function toNotification(wire: NotificationWire): Notification {
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

/** The service answers every kind; a kind it adds that this client does not know is left out. */
function toSettings(wire: NotificationSettingsWire): NotificationSettings {
  return wire.settings as NotificationSettings;
}

export class NotificationHttpGateway implements NotificationGateway {
  constructor(private readonly http: HttpClient) {}

  async listNotifications(token: string, page: number, unreadOnly: boolean): Promise<Result<InboxPage>> {
    const answer = await this.http.call(notificationCalls.listNotifications, {
      token,
      query: { page: page === 1 ? undefined : page, unread: unreadOnly ? "1" : undefined },
    });
    return mapResult(answer, (body) => ({ ...toPage(body, page, toNotification), unread: body.unread }));
  }

  async markRead(token: string, ids: readonly number[] | undefined): Promise<Result<number>> {
    const answer = await this.http.call(notificationCalls.markNotificationsRead, {
      token,
      body: ids === undefined ? {} : { ids: [...ids] },
    });
    return mapResult(answer, (body) => body.unread);
  }

  async loadSettings(token: string): Promise<Result<NotificationSettings>> {
    const answer = await this.http.call(notificationCalls.notificationSettings, { token });
    return mapResult(answer, toSettings);
  }

  async saveSettings(
    token: string,
    changes: Partial<Record<NotificationKind, ChannelChoices>>,
  ): Promise<Result<NotificationSettings>> {
    const answer = await this.http.call(notificationCalls.saveNotificationSettings, {
      token,
      body: { settings: changes as Record<string, ChannelChoices> },
    });
    return mapResult(answer, toSettings);
  }
}
