import { CHAT_CLOSE } from "@katale/adapters-http/contract";
import type { FastifyBaseLogger } from "fastify";
import { type Kysely, sql } from "kysely";
import type { DatabaseHandle } from "../db/connect.js";
import type { Database } from "../db/schema.js";
import { BoundedSet } from "./bounded-set.js";
import type { ChatHub } from "./chat-hub.js";
import type { StoredMessage } from "./chat-message-repository.js";
import type { ChatRepository } from "./chat-repository.js";

/** Channel of the NOTIFY sent when a message is stored (PostgreSQL). */
export const CHAT_CHANNEL = "katale_chat";
/** The notification payload of a removed room: `${roomId}:removed`. */
const REMOVED = "removed";

/**
 * A room's messages and its removal, to every socket of the room on every instance. On PGlite
 * straight to this instance's sockets (the only instance); on PostgreSQL also through NOTIFY
 * `katale_chat` `roomId:messageId:wire` (or `roomId:messageId`, then loaded), which every other
 * instance hears and delivers to its own sockets, and `roomId:removed`, which closes that room's
 * sockets everywhere.
 */
export class ChatFanOut {
  /** PostgreSQL: the channel told of each stored message; PGlite: undefined. */
  readonly channel: string | undefined;
  // Exactly once on this instance, whichever comes first. A message this instance stored is delivered
  // here as soon as its statement answers (in order with the sender's error frames); a notification
  // is delivered unless that happened: with the message's wire it carries, or loaded (an older
  // instance's notification, a message too long for one). `handled` is bounded (oldest first).
  private readonly handled = new BoundedSet(10_000);
  private notified: { roomId: number; id: number; wire: string | undefined }[] = [];
  // Batches are delivered in the order heard (one after the other).
  private loading = Promise.resolve();

  constructor(
    private readonly hub: ChatHub,
    private readonly rooms: ChatRepository,
    private readonly db: Kysely<Database>,
    viaNotify: boolean,
    private readonly log: FastifyBaseLogger,
  ) {
    this.channel = viaNotify ? CHAT_CHANNEL : undefined;
  }

  /** PostgreSQL: hears the other instances' messages and removals until the answer is called. */
  async listen(database: Pick<DatabaseHandle, "listen">): Promise<() => Promise<void>> {
    if (!this.channel) return async () => {};
    return database.listen(this.channel, (payload) => this.heard(payload));
  }

  /** A message this instance stored: to this instance's sockets of the room, once. */
  publish(stored: StoredMessage): void {
    if (this.channel) {
      if (this.handled.has(stored.id)) return;
      this.handled.add(stored.id);
    }
    this.hub.deliver(stored.roomId, JSON.stringify({ message: stored.wire }));
  }

  /** A room is gone: anyone still connected to it goes (a socket of a room that is no more), on every instance. */
  async removed(roomId: number): Promise<void> {
    this.hub.closeRoom(roomId, CHAT_CLOSE.forbidden, "room removed");
    if (this.channel)
      await sql`SELECT pg_notify(${this.channel}, ${`${roomId}:${REMOVED}`})`.execute(this.db);
  }

  private heard(payload: string): void {
    const hub = this.hub;
    if (payload === "") {
      // The listening connection was lost and is back: messages may have been missed. The clients
      // reconnect and fetch the history again.
      hub.closeAll(1012, "reconnect");
      return;
    }
    const [roomPart, what] = payload.split(":", 2);
    const roomId = Number(roomPart);
    if (what === REMOVED) {
      if (roomId) hub.closeRoom(roomId, CHAT_CLOSE.forbidden, "room removed");
      return;
    }
    const messageId = Number(what);
    if (!roomId || !messageId) return;
    if (this.handled.has(messageId) || !hub.hasRoom(roomId)) return;
    // `roomId:messageId:wire` (the wire is JSON: it may hold colons) or `roomId:messageId`.
    const wireAt = roomPart!.length + what!.length + 2;
    const wire = payload.length > wireAt ? payload.slice(wireAt) : undefined;
    // In batches: every notification heard in one turn of the event loop, one query for those to load.
    this.notified.push({ roomId, id: messageId, wire });
    if (this.notified.length === 1) setImmediate(() => this.deliverNotified());
  }

  private deliverNotified(): void {
    const batch = this.notified;
    this.notified = [];
    const ids = batch.filter((n) => n.wire === undefined).map((n) => n.id);
    const loaded = ids.length > 0 ? this.rooms.messagesByIds(ids) : Promise.resolve<StoredMessage[]>([]);
    this.loading = this.loading
      .then(() => loaded)
      .then((stored) => {
        const wires = new Map(stored.map((m) => [m.id, JSON.stringify(m.wire)]));
        for (const n of batch) {
          const wire = n.wire ?? wires.get(n.id);
          if (wire === undefined || this.handled.has(n.id)) continue;
          this.handled.add(n.id);
          this.hub.deliver(n.roomId, `{"message":${wire}}`);
        }
      })
      .catch((err) => this.log.warn({ err, count: ids.length }, "chat: cannot load notified messages"));
  }
}
