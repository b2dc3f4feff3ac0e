import {
  type ChannelChoices,
  type InboxPage,
  mapResult,
  type NotificationGateway,
  type NotificationKind,
  type NotificationSettings,
  type PushSubscriptionKeys,
  type Result,
} from "@katale/domain";
import { notificationCalls } from "../contract/notifications.js";
import type { HttpClient } from "../http/http-client.js";
import { toPage } from "../http/page-mapping.js";
import { toInboxEntry, toNotificationSettings } from "./notification-wire-mapping.js";

/** notifications/... over the shared contract. */
export class NotificationHttpGateway implements NotificationGateway {
  constructor(private readonly http: HttpClient) {}

  async listNotifications(
    token: string,
    page: number,
    options: { readonly unreadOnly?: boolean } = {},
  ): Promise<Result<InboxPage>> {
    const answer = await this.http.call(notificationCalls.listNotifications, {
      token,
      query: { page, unread: options.unreadOnly ? "1" : undefined },
    });
    return mapResult(answer, (body) => ({ ...toPage(body, page, toInboxEntry), unread: body.unread }));
  }

  async markNotificationsRead(token: string, ids?: readonly number[]): Promise<Result<number>> {
    const answer = await this.http.call(notificationCalls.markNotificationsRead, {
      token,
      body: ids === undefined ? {} : { ids: [...ids] },
    });
    return mapResult(answer, (body) => body.unread);
  }

  async notificationSettings(token: string): Promise<Result<NotificationSettings>> {
    const answer = await this.http.call(notificationCalls.notificationSettings, { token });
    return mapResult(answer, toNotificationSettings);
  }

  async saveNotificationSettings(
    token: string,
    changes: Partial<Record<NotificationKind, ChannelChoices>>,
  ): Promise<Result<NotificationSettings>> {
    const answer = await this.http.call(notificationCalls.saveNotificationSettings, {
      token,
      body: { settings: changes as Record<string, ChannelChoices> },
    });
    return mapResult(answer, toNotificationSettings);
  }

  async pushKey(): Promise<Result<string>> {
    const answer = await this.http.call(notificationCalls.pushKey);
    return mapResult(answer, (body) => body.public_key);
  }

  async subscribePush(token: string, subscription: PushSubscriptionKeys): Promise<Result<void>> {
    const answer = await this.http.call(notificationCalls.subscribePush, {
      token,
      body: {
        endpoint: subscription.endpoint,
        keys: { p256dh: subscription.keys.p256dh, auth: subscription.keys.auth },
      },
    });
    return mapResult(answer, () => undefined);
  }

  async unsubscribePush(token: string, endpoint: string): Promise<Result<void>> {
    const answer = await this.http.call(notificationCalls.unsubscribePush, { token, body: { endpoint } });
    return mapResult(answer, () => undefined);
  }
}
