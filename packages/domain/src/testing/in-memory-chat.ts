import type { ChatConnection, ChatConnector, ChatGateway, ChatListener } from "../chat/chat-gateway.js";
import { CHAT_MESSAGE_MAX, type ChatMessage, type ChatProduct } from "../chat/chat-message.js";
import type { ChatBlockedRoom, ChatRoom, ChatRoomSummary } from "../chat/chat-room.js";
import type { ImageUpload } from "../media/image-upload.js";
import { chatBlockingMessages } from "../messages/chat-blocking.js";
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
  readonly sent: { slug: string; message: string; productSlug?: string; clientId?: string }[] = [];
  /** False: a message is stored but no connection hears of it (its socket is dying in a dead zone). */
  echo = true;
  /** New connections open at once (false: they stay connecting until `openAll`). */
  open = true;
  /** False: the service cannot be reached (a dead zone): new connections close at once (1006). */
  reachable = true;
  /** The rooms whose connections said "read", in order. */
  readonly socketReads: string[] = [];
  /** Who each token is (a token not here is the viewer's). */
  readonly tokenUsers = new Map<string, number>();
  /** The blocks: room slug -> the users who blocked it, with when. */
  readonly blocks = new Map<string, Map<number, string>>();

  constructor(
    public rooms: InMemoryChatRoom[] = [],
    /** Products the connection can put on a card, by slug. */
    public products: ChatProduct[] = [],
    /** Who the connection sends as. */
    public viewerId = 1,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async listRooms(token = ""): Promise<Result<ChatRoomSummary[]>> {
    const user = this.userOf(token);
    return this.failures.answer("listRooms", () =>
      ok(
        this.rooms
          .filter((r) => !this.blocks.get(r.slug)?.has(user))
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

  async loadRoom(token: string, slug: string, before?: string): Promise<Result<ChatRoom>> {
    return this.failures.answer("loadRoom", () => {
      const room = this.rooms.find((r) => r.slug === slug);
      if (room === undefined) return err({ kind: "not-found", message: messages.chat.roomNotFound });
      const older = before === undefined ? room.messages : room.messages.filter((m) => m.createdAt < before);
      const blockedBy = this.blockedBy(slug, this.userOf(token));
      return ok({
        slug,
        customer: room.customer,
        shop: room.shop,
        messages: older.slice(-50),
        ...(blockedBy === null ? {} : { blockedBy }),
      });
    });
  }

  async markRead(_token: string, slug: string): Promise<Result<void>> {
    return this.failures.answer("markRead", () => {
      const room = this.rooms.find((r) => r.slug === slug);
      if (room !== undefined) room.unreadCount = 0;
      return ok(undefined);
    });
  }

  connect(slug: string, token: string, listener: ChatListener): ChatConnection {
    const sender = this.userOf(token);
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
      send: (message, productSlug, clientId) => {
        if (connection.closed) return;
        this.sent.push({
          slug,
          message,
          ...(productSlug === undefined ? {} : { productSlug }),
          ...(clientId === undefined ? {} : { clientId }),
        });
        const room = this.rooms.find((r) => r.slug === slug);
        // As the server: a repeat is answered with the stored message, to this connection alone.
        const repeat =
          clientId === undefined
            ? undefined
            : room?.messages.find((m) => m.senderId === sender && m.clientId === clientId);
        if (repeat !== undefined) return listener.onMessage(repeat);
        const refusal = this.refusalOf(message, productSlug) ?? this.blockedRefusal(slug, sender);
        if (refusal !== undefined) return listener.onRefused?.(...refusal);
        const stored: ChatMessage = {
          message: message.trim(),
          senderId: sender,
          product: this.products.find((p) => p.slug === productSlug) ?? null,
          image: null,
          createdAt: this.now().toISOString(),
          ...(clientId === undefined ? {} : { clientId }),
        };
        if (this.echo) return this.deliver(slug, stored);
        room?.messages.push(stored);
        if (room !== undefined && sender !== this.viewerId) room.unreadCount += 1;
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

  /** Why the server would refuse a frame (as its error frame says: words and code), or undefined. */
  private refusalOf(message: string, productSlug: string | undefined): [string, string] | undefined {
    const text = message.trim();
    if (text.length === 0) return [messages.chat.messageBlank, "message_blank"];
    if (text.length > CHAT_MESSAGE_MAX) return [messages.chat.messageTooLong, "message_too_long"];
    if (productSlug !== undefined && !this.products.some((p) => p.slug === productSlug))
      return [messages.chat.productNotFound, "product_not_found"];
    return undefined;
  }

  /** A blocked room refuses every message, as the server does. */
  private blockedRefusal(slug: string, sender: number): [string, string] | undefined {
    const by = this.blockedBy(slug, sender);
    if (by === null) return undefined;
    return [
      by === "you" ? chatBlockingMessages.blockedByYou : chatBlockingMessages.blockedByOther,
      "blocked",
    ];
  }

  private blockedBy(slug: string, userId: number): "you" | "them" | null {
    const blockers = this.blocks.get(slug);
    if (blockers === undefined || blockers.size === 0) return null;
    return blockers.has(userId) ? "you" : "them";
  }

  private userOf(token: string): number {
    return this.tokenUsers.get(token) ?? this.viewerId;
  }

  async blockRoom(token: string, slug: string): Promise<Result<void>> {
    return this.failures.answer("blockRoom", () => {
      if (!this.rooms.some((r) => r.slug === slug))
        return err({ kind: "not-found", message: messages.chat.roomNotFound });
      const blockers = this.blocks.get(slug) ?? new Map<number, string>();
      const user = this.userOf(token);
      if (!blockers.has(user)) blockers.set(user, this.now().toISOString());
      this.blocks.set(slug, blockers);
      return ok(undefined);
    });
  }

  async unblockRoom(token: string, slug: string): Promise<Result<void>> {
    return this.failures.answer("unblockRoom", () => {
      if (!this.rooms.some((r) => r.slug === slug))
        return err({ kind: "not-found", message: messages.chat.roomNotFound });
      this.blocks.get(slug)?.delete(this.userOf(token));
      return ok(undefined);
    });
  }

  async listBlockedRooms(token: string): Promise<Result<ChatBlockedRoom[]>> {
    const user = this.userOf(token);
    return this.failures.answer("listBlockedRooms", () =>
      ok(
        this.rooms
          .flatMap((r): ChatBlockedRoom[] => {
            const at = this.blocks.get(r.slug)?.get(user);
            return at === undefined
              ? []
              : [{ slug: r.slug, customer: r.customer, shop: r.shop, blockedAt: at }];
          })
          .sort((a, b) => Date.parse(b.blockedAt) - Date.parse(a.blockedAt)),
      ),
    );
  }

  /** Photos clients sent, in order. */
  readonly photos: { slug: string; image: ImageUpload }[] = [];

  async sendPhoto(token: string, slug: string, image: ImageUpload): Promise<Result<ChatMessage>> {
    return this.failures.answer("sendPhoto", () => {
      if (!this.rooms.some((r) => r.slug === slug))
        return err({ kind: "not-found", message: messages.chat.roomNotFound });
      const blocked = this.blockedRefusal(slug, this.userOf(token));
      if (blocked !== undefined) return err({ kind: "forbidden", message: blocked[0] });
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
  refuse(slug: string, error: string, code?: string): void {
    for (const c of this.connections) if (c.slug === slug && !c.closed) c.listener.onRefused?.(error, code);
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
