import type { ChatConnection, ChatConnector, ChatGateway, ChatListener } from "../chat/chat-gateway.js";
import { CHAT_MESSAGE_MAX, type ChatMessage, type ChatProduct } from "../chat/chat-message.js";
import type { ChatRoom, ChatRoomSummary } from "../chat/chat-room.js";
import type { ImageUpload } from "../media/image-upload.js";
import { messages } from "../messages.js";
import { err, ok, type Result } from "../result.js";
import { Failures } from "./failures.js";

/** A room the fake holds: who is in it and what was said (oldest first). */
export interface InMemoryChatRoom extends ChatRoom {
  unreadCount: number;
}

/**
 * The chat's calls and its live connections in memory (issue 11). `open` says whether new
 * connections open at once; `dropAll` closes every live connection as a lost network would.
 */
export class InMemoryChat implements ChatGateway, ChatConnector {
  readonly failures = new Failures<keyof ChatGateway>();
  /** Every live connection: its room and listener. */
  readonly connections: { slug: string; listener: ChatListener; closed: boolean }[] = [];
  /** What clients sent, in order. */
  readonly sent: { slug: string; message: string; productSlug?: string }[] = [];
  /** New connections open at once (false: they stay connecting until `openAll`). */
  open = true;
  /** False: the service cannot be reached (a dead zone): new connections close at once (1006). */
  reachable = true;
  /** The rooms whose connections said "read", in order. */
  readonly socketReads: string[] = [];

  constructor(
    public rooms: InMemoryChatRoom[] = [],
    /** Products the connection can put on a card, by slug. */
    public products: ChatProduct[] = [],
    /** Who the connection sends as. */
    public viewerId = 1,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async listRooms(): Promise<Result<ChatRoomSummary[]>> {
    return this.failures.answer("listRooms", () =>
      ok(
        this.rooms
          .map(
            (r): ChatRoomSummary => ({
              slug: r.slug,
              customer: r.customer,
              shop: r.shop,
              lastMessage: r.messages.at(-1) ?? null,
              unreadCount: r.unreadCount,
            }),
          )
          .sort((a, b) => time(b.lastMessage) - time(a.lastMessage)),
      ),
    );
  }

  async openRoom(_token: string, shopId: number): Promise<Result<string>> {
    return this.failures.answer("openRoom", () => {
      const room = this.rooms.find((r) => r.shop.id === shopId);
      return room === undefined
        ? err({ kind: "not-found", message: messages.api.shopNotFound })
        : ok(room.slug);
    });
  }

  async loadRoom(_token: string, slug: string, before?: string): Promise<Result<ChatRoom>> {
    return this.failures.answer("loadRoom", () => {
      const room = this.rooms.find((r) => r.slug === slug);
      if (room === undefined) return err({ kind: "not-found", message: messages.chat.roomNotFound });
      const older = before === undefined ? room.messages : room.messages.filter((m) => m.createdAt < before);
      return ok({ slug, customer: room.customer, shop: room.shop, messages: older.slice(-50) });
    });
  }

  async markRead(_token: string, slug: string): Promise<Result<void>> {
    return this.failures.answer("markRead", () => {
      const room = this.rooms.find((r) => r.slug === slug);
      if (room !== undefined) room.unreadCount = 0;
      return ok(undefined);
    });
  }

  connect(slug: string, _token: string, listener: ChatListener): ChatConnection {
    const connection = { slug, listener, closed: false };
    this.connections.push(connection);
    // As the server: an unknown room (or one not the viewer's) refuses the upgrade, which a client
    // sees as an abnormal close; so does an unreachable service.
    const refused = !this.reachable || !this.rooms.some((r) => r.slug === slug);
    if (refused || this.open)
      void Promise.resolve().then(() => {
        if (connection.closed) return;
        if (!refused) return listener.onOpen?.();
        connection.closed = true;
        listener.onClose?.(1006);
      });
    return {
      send: (message, productSlug) => {
        if (connection.closed) return;
        this.sent.push({ slug, message, ...(productSlug === undefined ? {} : { productSlug }) });
        const refusal = this.refusalOf(message, productSlug);
        if (refusal !== undefined) return listener.onRefused?.(refusal);
        this.deliver(slug, {
          message: message.trim(),
          senderId: this.viewerId,
          product: this.products.find((p) => p.slug === productSlug) ?? null,
          image: null,
          createdAt: this.now().toISOString(),
        });
      },
      markRead: () => {
        if (connection.closed) return;
        this.socketReads.push(slug);
        const room = this.rooms.find((r) => r.slug === slug);
        if (room !== undefined) room.unreadCount = 0;
      },
      close: () => {
        connection.closed = true;
      },
    };
  }

  /** Why the server would refuse a frame (as its error frame says), or undefined. */
  private refusalOf(message: string, productSlug: string | undefined): string | undefined {
    const text = message.trim();
    if (text.length === 0) return messages.chat.messageBlank;
    if (text.length > CHAT_MESSAGE_MAX) return messages.chat.messageTooLong;
    if (productSlug !== undefined && !this.products.some((p) => p.slug === productSlug))
      return messages.chat.productNotFound;
    return undefined;
  }

  /** Photos clients sent, in order. */
  readonly photos: { slug: string; image: ImageUpload }[] = [];

  async sendPhoto(_token: string, slug: string, image: ImageUpload): Promise<Result<ChatMessage>> {
    return this.failures.answer("sendPhoto", () => {
      if (!this.rooms.some((r) => r.slug === slug))
        return err({ kind: "not-found", message: messages.chat.roomNotFound });
      this.photos.push({ slug, image });
      const message: ChatMessage = {
        message: "",
        senderId: this.viewerId,
        product: null,
        image: `/media/chat/photo${this.photos.length}.webp`,
        createdAt: this.now().toISOString(),
      };
      this.deliver(slug, message);
      return ok(message);
    });
  }

  async removeRoom(_token: string, slug: string): Promise<Result<void>> {
    return this.failures.answer("removeRoom", () => {
      const room = this.rooms.find((r) => r.slug === slug);
      if (room === undefined) return err({ kind: "not-found", message: messages.chat.roomNotFound });
      if (room.messages.length > 0) return err({ kind: "invalid", message: messages.chat.roomNotEmpty });
      this.rooms = this.rooms.filter((r) => r !== room);
      // As the server: the room's sockets are told it is gone.
      this.dropAll(4403, slug);
      return ok(undefined);
    });
  }

  /** A message arrives in a room (stored, then given to every live connection of it); another's is unread. */
  deliver(slug: string, message: ChatMessage): void {
    const room = this.rooms.find((r) => r.slug === slug);
    room?.messages.push(message);
    if (room !== undefined && message.senderId !== this.viewerId) room.unreadCount += 1;
    for (const c of this.connections) if (c.slug === slug && !c.closed) c.listener.onMessage(message);
  }

  /** The server refuses a frame on every live connection of the room (the connection stays open). */
  refuse(slug: string, error: string): void {
    for (const c of this.connections) if (c.slug === slug && !c.closed) c.listener.onRefused?.(error);
  }

  /** Opens every connection still connecting. */
  openAll(): void {
    for (const c of this.connections) if (!c.closed) c.listener.onOpen?.();
  }

  /** Closes every live connection (of `slug` when given) with `code`, as a lost network or a restarting server would. */
  dropAll(code = 1006, slug?: string): void {
    for (const c of this.connections) {
      if (c.closed || (slug !== undefined && c.slug !== slug)) continue;
      c.closed = true;
      c.listener.onClose?.(code);
    }
  }

  /** The live connections (not closed). */
  get live(): number {
    return this.connections.filter((c) => !c.closed).length;
  }
}

const time = (m: ChatMessage | null) => (m === null ? Number.NEGATIVE_INFINITY : Date.parse(m.createdAt));
