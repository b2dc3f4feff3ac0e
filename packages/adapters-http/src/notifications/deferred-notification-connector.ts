import type { NotificationConnection, NotificationConnector, NotificationListener } from "@katale/domain";
import { CHAT_LOAD_FAILED } from "../chat/deferred-chat-connector.js";
import { loadOnce } from "../http/load-once.js";

// A browser loads the notification socket (and its frames' wire schemas) after the first screen,
// as the chat's (deferred-chat-connector.ts). Could it not be loaded (offline), the connection
// closes as a lost one (1006) and LiveInbox tries again later.

export class DeferredNotificationConnector implements NotificationConnector {
  private readonly load: () => Promise<NotificationConnector>;

  constructor(load: () => Promise<NotificationConnector>) {
    this.load = loadOnce(load);
  }

  connect(token: string, listener: NotificationListener): NotificationConnection {
    let connection: NotificationConnection | undefined;
    let closed = false;
    this.load().then(
      (connector) => {
        if (!closed) connection = connector.connect(token, listener);
      },
      () => {
        if (!closed) listener.onClose?.(CHAT_LOAD_FAILED);
      },
    );
    return {
      close: () => {
        closed = true;
        connection?.close();
      },
    };
  }
}
