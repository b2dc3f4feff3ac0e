import type { ChatConnection, ChatConnector, ChatListener } from "@katale/domain";
import { loadOnce } from "../http/load-once.js";

// A browser loads the socket connector, and the chat frames' wire schemas, when a room is first
// opened instead of while the page starts (issue 13: whatever the first screen does not need stays
// off a slow phone's start-up). Until it has loaded the connection is not open yet, as a socket that
// is still connecting: what is sent meanwhile is dropped, as the socket itself drops it.

/** Code given to `onClose` when the connector could not be loaded (offline): an abnormal closure. */
export const CHAT_LOAD_FAILED = 1006;

export class DeferredChatConnector implements ChatConnector {
  private readonly load: () => Promise<ChatConnector>;

  /** `load`: the real connector, loaded once (again after a failure). */
  constructor(load: () => Promise<ChatConnector>) {
    this.load = loadOnce(load);
  }

  connect(slug: string, token: string, listener: ChatListener): ChatConnection {
    let connection: ChatConnection | undefined;
    let closed = false;
    this.load().then(
      (connector) => {
        if (!closed) connection = connector.connect(slug, token, listener);
      },
      () => {
        if (!closed) listener.onClose?.(CHAT_LOAD_FAILED);
      },
    );
    return {
      send: (message, productSlug, clientId) => connection?.send(message, productSlug, clientId),
      markRead: () => connection?.markRead(),
      close: () => {
        closed = true;
        connection?.close();
      },
    };
  }
}
