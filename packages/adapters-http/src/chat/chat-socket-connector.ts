import type { ChatConnection, ChatConnector, ChatListener } from "@katale/domain";
import { CHAT_BEARER_PREFIX, CHAT_PROTOCOL, chatErrorFrame, chatReceiveFrame } from "../contract/chat.js";
import { toChatMessage } from "./chat-wire-mapping.js";

// The room's socket (issue 11) over any WebSocket shaped like the browser's (the browser's own, or
// `ws` in Node). The token travels as the `bearer.<token>` subprotocol, never in the URL. Frames that
// break the contract are ignored. Reconnecting is the caller's (it knows what it has shown).

/** What the connector needs of a WebSocket: the browser's API (also `ws`'s). */
export interface WebSocketLike {
  readonly readyState: number;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number }) => void) | null;
  onerror: ((event: unknown) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}
export type WebSocketConstructor = new (url: string, protocols: string[]) => WebSocketLike;

const OPEN = 1;

export class ChatSocketConnector implements ChatConnector {
  /** `shopUrl`: the shop service's base (http(s)://host/api/shop/); the socket uses ws(s):// of it. */
  constructor(
    private readonly shopUrl: string,
    private readonly WebSocketImpl: WebSocketConstructor,
  ) {}

  /** The socket's address of a room. */
  socketUrl(slug: string): string {
    const base = this.shopUrl.replace(/^http/, "ws");
    return `${base}${base.endsWith("/") ? "" : "/"}chat/${encodeURIComponent(slug)}/`;
  }

  connect(slug: string, token: string, listener: ChatListener): ChatConnection {
    const socket = new this.WebSocketImpl(this.socketUrl(slug), [
      CHAT_PROTOCOL,
      `${CHAT_BEARER_PREFIX}${token}`,
    ]);
    socket.onopen = () => listener.onOpen?.();
    socket.onmessage = (event) => {
      let frame: unknown;
      try {
        frame = JSON.parse(String(event.data));
      } catch {
        return;
      }
      const received = chatReceiveFrame.safeParse(frame);
      if (received.success) return listener.onMessage(toChatMessage(received.data.message));
      const refused = chatErrorFrame.safeParse(frame);
      if (refused.success) listener.onRefused?.(refused.data.error, refused.data.code);
    };
    socket.onclose = (event) => listener.onClose?.(event.code);
    socket.onerror = () => {};
    const sendFrame = (frame: object) => {
      if (socket.readyState === OPEN) socket.send(JSON.stringify(frame));
    };
    return {
      send: (message, productSlug, clientId) =>
        sendFrame({
          message,
          ...(productSlug === undefined ? {} : { product: { slug: productSlug } }),
          ...(clientId === undefined ? {} : { client_id: clientId }),
        }),
      markRead: () => sendFrame({ type: "read" }),
      close: () => socket.close(1000, "left the room"),
    };
  }
}
