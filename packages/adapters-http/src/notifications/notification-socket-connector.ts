import type { NotificationConnection, NotificationConnector, NotificationListener } from "@katale/domain";
import type { WebSocketConstructor } from "../chat/chat-socket-connector.js";
import { CHAT_BEARER_PREFIX } from "../contract/chat.js";
import { NOTIFICATIONS_PROTOCOL, notificationSocketFrame } from "../contract/notifications.js";
import { toInboxEntry } from "./notification-wire-mapping.js";

// The user's notification socket over any WebSocket shaped like the browser's (the browser's own,
// or `ws` in Node). The token travels as the `bearer.<token>` subprotocol, never in the URL. Frames
// that break the contract are ignored. Reconnecting is the caller's (LiveInbox).

export class NotificationSocketConnector implements NotificationConnector {
  /** `shopUrl`: the shop service's base (http(s)://host/api/shop/); the socket uses ws(s):// of it. */
  constructor(
    private readonly shopUrl: string,
    private readonly WebSocketImpl: WebSocketConstructor,
  ) {}

  socketUrl(): string {
    const base = this.shopUrl.replace(/^http/, "ws");
    return `${base}${base.endsWith("/") ? "" : "/"}notifications/socket/`;
  }

  connect(token: string, listener: NotificationListener): NotificationConnection {
    const socket = new this.WebSocketImpl(this.socketUrl(), [
      NOTIFICATIONS_PROTOCOL,
      `${CHAT_BEARER_PREFIX}${token}`,
    ]);
    socket.onopen = () => listener.onOpen?.();
    socket.onmessage = (event) => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(String(event.data));
      } catch {
        return;
      }
      const frame = notificationSocketFrame.safeParse(parsed);
      if (!frame.success) return;
      const { notification, unread } = frame.data;
      listener.onFrame(notification ? { entry: toInboxEntry(notification), unread } : { unread });
    };
    socket.onclose = (event) => listener.onClose?.(event.code);
    socket.onerror = () => {};
    return { close: () => socket.close(1000, "left") };
  }
}
