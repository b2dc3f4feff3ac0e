import type { FastifyBaseLogger } from "fastify";
import { type Kysely, sql } from "kysely";
import type { ChatHub } from "../chat/chat-hub.js";
import type { DatabaseHandle } from "../db/connect.js";
import type { Database } from "../db/schema.js";
import type { InboxDelivery } from "./inbox-delivery.js";
import type { NotificationRepository } from "./notification-repository.js";

/** Channel of the NOTIFY sent when inbox entries are written or read (PostgreSQL). */
export const NOTIFICATIONS_CHANNEL = "katale_notifications";
/** A NOTIFY payload stays under PostgreSQL's 8000 bytes: a big fan-out is told in several. */
const PAYLOAD_MAX = 7000;

/**
 * The users' live unread counts: an entry written (added or folded) goes to its user's open sockets
 * as `{notification, unread}`, a mark-read as `{unread}`, on every instance. On PGlite straight to
 * this instance's sockets (the only instance); on PostgreSQL through NOTIFY `katale_notifications`
 * (`n:user.id,user.id,…` for entries, `r:user` for a read), which every instance hears, this one
 * too, and delivers to the sockets it holds, reading the entries and counts then. The hub keeps one
 * "room" per user: the user's sockets on this instance.
 */
export class NotificationLive {
  readonly channel: string | undefined;
  // Frames leave in the order heard (each batch reads the database first).
  private sending = Promise.resolve();

  constructor(
    private readonly hub: ChatHub,
    private readonly inbox: NotificationRepository,
    private readonly db: Kysely<Database>,
    viaNotify: boolean,
    private readonly log: FastifyBaseLogger,
  ) {
    this.channel = viaNotify ? NOTIFICATIONS_CHANNEL : undefined;
  }

  /** PostgreSQL: hears every instance's deliveries and reads until the answer is called. */
  async listen(database: Pick<DatabaseHandle, "listen">): Promise<() => Promise<void>> {
    if (!this.channel) return async () => {};
    return database.listen(this.channel, (payload) => this.heard(payload));
  }

  /** Entries were written: to their users' sockets. Never throws (the entries are stored either way). */
  async delivered(rows: readonly InboxDelivery[]): Promise<void> {
    if (rows.length === 0) return;
    try {
      if (!this.channel) return this.queue(() => this.sendEntries(rows));
      for (const payload of payloads(rows)) await this.notify(payload);
    } catch (err) {
      this.log.warn({ err, count: rows.length }, "notifications: cannot tell the live sockets");
    }
  }

  /** The user marked some read: the new count to their sockets. */
  async read(userId: number): Promise<void> {
    try {
      if (!this.channel) return this.queue(() => this.sendCount(userId));
      await this.notify(`r:${userId}`);
    } catch (err) {
      this.log.warn({ err }, "notifications: cannot tell the live sockets of a read");
    }
  }

  /** The count a socket hears first. */
  async welcome(userId: number): Promise<string> {
    return JSON.stringify({ unread: await this.inbox.unread(userId) });
  }

  private notify(payload: string) {
    return sql`SELECT pg_notify(${this.channel}, ${payload})`.execute(this.db);
  }

  private heard(payload: string): void {
    if (payload === "") {
      // The listening connection was lost and is back: counts may have been missed. The clients
      // reconnect and read the count again.
      this.hub.closeAll(1012, "reconnect");
      return;
    }
    if (payload.startsWith("r:")) {
      const userId = Number(payload.slice(2));
      if (Number.isInteger(userId) && this.hub.hasRoom(userId)) this.queue(() => this.sendCount(userId));
      return;
    }
    if (!payload.startsWith("n:")) return;
    const rows: InboxDelivery[] = [];
    for (const pair of payload.slice(2).split(",")) {
      const [user, id] = pair.split(".").map(Number);
      if (user && id && this.hub.hasRoom(user)) rows.push({ user_id: user, id });
    }
    if (rows.length > 0) this.queue(() => this.sendEntries(rows));
  }

  private queue(work: () => Promise<void>): Promise<void> {
    this.sending = this.sending
      .then(work)
      .catch((err) => this.log.warn({ err }, "notifications: cannot send live frames"));
    return this.sending;
  }

  private async sendEntries(rows: readonly InboxDelivery[]): Promise<void> {
    const here = rows.filter((row) => this.hub.hasRoom(row.user_id));
    if (here.length === 0) return;
    const users = [...new Set(here.map((row) => row.user_id))];
    const [entries, counts] = await Promise.all([
      this.inbox.byIds(here.map((row) => row.id)),
      this.inbox.unreadOf(users),
    ]);
    for (const { userId, wire } of entries)
      this.hub.deliver(userId, JSON.stringify({ notification: wire, unread: counts.get(userId) ?? 0 }));
  }

  private async sendCount(userId: number): Promise<void> {
    if (!this.hub.hasRoom(userId)) return;
    this.hub.deliver(userId, await this.welcome(userId));
  }
}

/** `n:user.id,…` payloads, each under PAYLOAD_MAX bytes. */
function payloads(rows: readonly InboxDelivery[]): string[] {
  const out: string[] = [];
  let current = "";
  for (const row of rows) {
    const pair = `${row.user_id}.${row.id}`;
    if (current && current.length + pair.length + 1 > PAYLOAD_MAX) {
      out.push(`n:${current}`);
      current = "";
    }
    current = current ? `${current},${pair}` : pair;
  }
  if (current) out.push(`n:${current}`);
  return out;
}
