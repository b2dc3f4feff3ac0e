import { messages } from "../messages.js";
import { err, ok, type Result } from "../result.js";
import type { Clock } from "../time/clock.js";
import type { Timers } from "../time/timers.js";
import { chatMessageKey, chatText, mergeMessages } from "./chat.js";
import type { ChatConnection, ChatConnector, ChatGateway } from "./chat-gateway.js";
import type { ChatMessage } from "./chat-message.js";
import { MemoryOutbox, type Outbox, type OutboxEntry, type OutboxFailure, outboxOrder } from "./outbox.js";
import { reconnectDelay } from "./reconnect-delay.js";

// A chat room, live (spec §2 Chat, §4; issue 11): the one policy the web, `katale chat open` and the
// Ink room share. The socket reopens by itself with capped, jittered backoff for as long as the room
// is open, and stops for good only when the service says the room is gone or not ours. Each time it
// opens, what was said meanwhile is fetched and merged, each message once, oldest first. Messages
// wait in the outbox while the socket is down and go, in order, once it is back, each with its own
// client id: one handed to a socket that dropped before handing it back is sent again with the same
// id, and the service stores it once. A message the service refuses (blocked, too long ...) or that
// can no longer go (the room is gone) stays in the outbox, failed, until the user retries or deletes
// it. Receipts as
// before: the room is read when the socket opens and whenever another's message arrives; leaving
// after such a message says so over HTTP too (the socket's reads are spaced out by the service).

export interface LiveRoomPorts {
  readonly chat: Pick<ChatGateway, "loadRoom" | "markRead">;
  readonly sockets: ChatConnector;
  readonly clock: Pick<Clock, "now"> & Timers;
  /** Where unsent messages wait (in memory unless given; the web's survives a reload). */
  readonly outbox?: Outbox;
  /** A new message's client id, a UUID (crypto.randomUUID unless given). */
  readonly newId?: () => string;
  /** The jitter's dice, in [0, 1) (Math.random unless given). */
  readonly random?: () => number;
}

export interface LiveRoomOptions {
  readonly slug: string;
  readonly token: string;
  /** The signed-in user: their messages settle the outbox, others' are receipted. */
  readonly viewerId: number;
  /** What is already shown (the history loaded with the room). */
  readonly messages?: readonly ChatMessage[];
}

/** Why a room stopped for good: the user left, the room is gone (or not theirs), the session refused. */
export type LiveRoomClosedReason = "left" | "gone" | "refused";

export type LiveRoomConnection =
  | { readonly state: "connecting" }
  | { readonly state: "open" }
  /** Down; `nextAttemptAt` is when it tries again (null: trying now). `attempt` counts from 1 per drop. */
  | { readonly state: "reconnecting"; readonly attempt: number; readonly nextAttemptAt: Date | null }
  | { readonly state: "closed"; readonly reason: LiveRoomClosedReason };

/** A message as the room shows it: `live` when it arrived over the socket ('now'). */
export interface LiveMessage extends ChatMessage {
  readonly live: boolean;
}

/**
 * A message of the outbox: 'waiting to send' until the service hands it back (`sending` while a
 * socket has it); `failed`: refused, it waits for retry or delete.
 */
export interface PendingMessage extends OutboxEntry {
  readonly sending: boolean;
}

/** Why the outbox could not send anything more: the room is gone or no longer the user's. */
export const OUTBOX_GONE = "gone";

export interface LiveRoomSnapshot {
  readonly connection: LiveRoomConnection;
  /** Oldest first, each once. */
  readonly messages: readonly LiveMessage[];
  /** The outbox, oldest first: 'waiting to send', or failed (retry or delete). */
  readonly pending: readonly PendingMessage[];
  /**
   * The service's last refusal of a frame (a new object each time), until the next message; `code`
   * the service's reason ("blocked": the room is blocked, see CHAT_BLOCKED).
   */
  readonly refusal: { readonly error: string; readonly code?: string } | null;
}

/** Close codes and error kinds after which trying again cannot help. */
const REFUSED_CODE = 4401;
const GONE_CODE = 4403;
const FINAL_KINDS: Readonly<Record<string, LiveRoomClosedReason>> = {
  unauthorized: "refused",
  forbidden: "gone",
  "not-found": "gone",
};

export class LiveRoom {
  private snapshot: LiveRoomSnapshot;
  private readonly listeners = new Set<() => void>();
  private readonly liveKeys = new Set<string>();
  private readonly outbox: Outbox;
  /** The room's outbox entries, oldest first (the outbox's, written through). */
  private entries: OutboxEntry[] = [];
  /** The outbox has been read (what was put before goes first). */
  private loaded = false;
  private connection: ChatConnection | null = null;
  /** Client ids of the entries handed to the current socket, not yet handed back. */
  private readonly sending = new Set<string>();
  /** Attempts that failed since the socket was last open. */
  private failures = 0;
  private cancelRetry: (() => void) | undefined;
  /** Another's message arrived since the last read said over HTTP. */
  private readOwed = false;
  /** Bumped for each socket: what an older one says is ignored. */
  private generation = 0;

  private constructor(
    private readonly ports: LiveRoomPorts,
    private readonly options: LiveRoomOptions,
  ) {
    this.outbox = ports.outbox ?? new MemoryOutbox();
    this.snapshot = {
      connection: { state: "connecting" },
      messages: this.label(mergeMessages([], options.messages ?? [])),
      pending: [],
      refusal: null,
    };
  }

  /** Opens the room's socket; what waits in the outbox goes once it is open. */
  static join(ports: LiveRoomPorts, options: LiveRoomOptions): LiveRoom {
    const room = new LiveRoom(ports, options);
    room.load();
    room.connect();
    return room;
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getSnapshot = (): LiveRoomSnapshot => this.snapshot;

  /**
   * Sends the text (trimmed) now if the socket is open, else when it opens again (kept in the outbox
   * meanwhile); 'invalid' when blank or the room is closed.
   */
  send(text: string, productSlug?: string): Result<PendingMessage> {
    const checked = chatText(text);
    if (!checked.ok) return checked;
    if (this.snapshot.connection.state === "closed")
      return err({ kind: "invalid", message: messages.chat.connectionIssues });
    const last = this.entries.at(-1)?.queuedAt ?? 0;
    const entry: OutboxEntry = {
      clientId: (this.ports.newId ?? randomId)(),
      slug: this.options.slug,
      senderId: this.options.viewerId,
      text: checked.value,
      ...(productSlug === undefined ? {} : { productSlug }),
      // Never before the last one, whatever the clock did.
      queuedAt: Math.max(this.ports.clock.now().getTime(), last),
    };
    this.entries = [...this.entries, entry];
    this.write(() => this.outbox.put(entry));
    this.handIfOpen(entry);
    this.update({ pending: this.pendingList() });
    return ok({ ...entry, sending: this.sending.has(entry.clientId) });
  }

  /**
   * The device says its network is back (the browser's `online`): the next attempt is made now
   * instead of after the pause, which may have grown to half a minute in a long dead zone (an
   * attempt still on its way, begun offline, is given up).
   */
  reconnectNow(): void {
    const connection = this.snapshot.connection;
    if (connection.state !== "reconnecting") return;
    this.cancelRetry?.();
    this.cancelRetry = undefined;
    // An attempt begun while offline may hang: it is given up for a fresh one.
    this.connection?.close();
    this.connection = null;
    this.failures = 0;
    this.update({ connection: { state: "reconnecting", attempt: connection.attempt, nextAttemptAt: null } });
    this.connect();
  }

  /** A failed message goes again (now if the socket is open); false when there is no such failed one. */
  retry(clientId: string): boolean {
    const entry = this.entries.find((e) => e.clientId === clientId);
    if (entry?.failed === undefined || this.snapshot.connection.state === "closed") return false;
    const { failed: _failed, ...again } = entry;
    this.replace(again);
    this.handIfOpen(again);
    this.update({ pending: this.pendingList(), refusal: null });
    return true;
  }

  /** A message of the outbox is given up (a failed one, or one still waiting): it is never sent. */
  discard(clientId: string): void {
    if (!this.entries.some((e) => e.clientId === clientId)) return;
    this.settle(clientId);
    this.update({ pending: this.pendingList() });
  }

  /**
   * Messages from elsewhere (an earlier page, the history again, a sent photo), merged each once.
   * One of the user's with the client id of an outbox entry was stored: the entry leaves.
   */
  merge(incoming: readonly ChatMessage[], options: { readonly live?: boolean } = {}): void {
    if (options.live) for (const m of incoming) this.liveKeys.add(chatMessageKey(m));
    for (const m of incoming) this.settleBy(m);
    this.update({
      messages: this.label(mergeMessages(this.snapshot.messages, incoming)),
      pending: this.pendingList(),
    });
  }

  /** Leaves the room: the socket closes and no attempt follows. True when a last read was said over HTTP. */
  async close(): Promise<boolean> {
    if (this.snapshot.connection.state === "closed") return false;
    this.stop("left");
    if (!this.readOwed) return false;
    this.readOwed = false;
    return (await this.ports.chat.markRead(this.options.token, this.options.slug)).ok;
  }

  /** Reads the outbox: its entries go first, before anything typed meanwhile. */
  private load(): void {
    const done = (stored: readonly OutboxEntry[]) => {
      const mine = stored.filter((e) => e.slug === this.options.slug && e.senderId === this.options.viewerId);
      const known = new Set(mine.map((e) => e.clientId));
      this.entries = [...outboxOrder(mine), ...this.entries.filter((e) => !known.has(e.clientId))];
      this.loaded = true;
      // Already stored (the history came with it): nothing to send.
      for (const m of this.snapshot.messages) this.settleBy(m);
      const connection = this.snapshot.connection;
      if (connection.state === "closed") {
        if (connection.reason !== "left") this.failAll();
      } else for (const entry of this.entries) this.handIfOpen(entry);
      this.update({ pending: this.pendingList() });
    };
    let stored: readonly OutboxEntry[] | Promise<readonly OutboxEntry[]>;
    try {
      stored = this.outbox.list(this.options.slug);
    } catch {
      stored = [];
    }
    if (Array.isArray(stored)) done(stored as readonly OutboxEntry[]);
    else void (stored as Promise<readonly OutboxEntry[]>).then(done, () => done([]));
  }

  private connect(): void {
    const generation = ++this.generation;
    const current = () => generation === this.generation;
    let connection: ChatConnection | undefined;
    let opened = false;
    // A connector may answer before `connect` returns: wait for the connection then.
    const withConnection = (fn: (c: ChatConnection) => void) => {
      if (connection !== undefined) return fn(connection);
      void Promise.resolve().then(() => {
        if (connection !== undefined && current()) fn(connection);
      });
    };
    connection = this.ports.sockets.connect(this.options.slug, this.options.token, {
      onOpen: () => {
        if (!current()) return;
        withConnection((c) => {
          opened = true;
          this.opened(c, generation);
        });
      },
      onMessage: (message) => {
        if (current()) withConnection((c) => this.received(c, message));
      },
      onRefused: (error, code) => {
        if (current()) this.refused(error, code);
      },
      onClose: (code) => {
        if (current()) this.dropped(code, opened);
      },
    });
    if (current()) this.connection = connection;
  }

  private opened(connection: ChatConnection, generation: number): void {
    this.failures = 0;
    connection.markRead();
    this.update({ connection: { state: "open" } });
    for (const entry of this.entries) this.handIfOpen(entry);
    this.update({ pending: this.pendingList() });
    void this.catchUp(generation);
  }

  /** What was said while the socket was not open. */
  private async catchUp(generation: number): Promise<void> {
    const answer = await this.ports.chat.loadRoom(this.options.token, this.options.slug);
    if (generation !== this.generation) return;
    if (answer.ok) this.merge(answer.value.messages);
    else this.endIfFinal(answer.error.kind);
  }

  private received(connection: ChatConnection, message: ChatMessage): void {
    if (message.senderId === this.options.viewerId) {
      if (message.clientId !== undefined) this.settleBy(message);
      else {
        // A service that does not hand client ids back: the oldest on its way with these words.
        const settled = this.entries.find((e) => this.sending.has(e.clientId) && e.text === message.message);
        if (settled !== undefined) this.settle(settled.clientId);
      }
    } else {
      connection.markRead();
      this.readOwed = true;
    }
    this.liveKeys.add(chatMessageKey(message));
    this.update({
      messages: this.label(mergeMessages(this.snapshot.messages, [message])),
      pending: this.pendingList(),
      refusal: null,
    });
  }

  /**
   * The service answers frames in order: a refusal is for the oldest message still on its way. It
   * stays, failed, for the user to retry or delete.
   */
  private refused(error: string, code?: string): void {
    const failure: OutboxFailure = code === undefined ? { error } : { error, code };
    const oldest = this.entries.find((e) => this.sending.has(e.clientId));
    if (oldest !== undefined) {
      this.sending.delete(oldest.clientId);
      this.replace({ ...oldest, failed: failure });
    }
    this.update({ refusal: failure, pending: this.pendingList() });
  }

  private dropped(code: number, opened: boolean): void {
    this.connection = null;
    // Handed to the lost socket and not handed back: stored or not, it goes again with its client id
    // once a socket is open (the service answers a repeat with the stored message).
    this.sending.clear();
    if (code === REFUSED_CODE || code === GONE_CODE) {
      this.stop(code === REFUSED_CODE ? "refused" : "gone");
      return;
    }
    if (opened) this.failures = 0;
    else {
      this.failures += 1;
      // A refused upgrade looks like a lost network to a browser: ask the room itself.
      const generation = this.generation;
      void this.ports.chat.loadRoom(this.options.token, this.options.slug).then((answer) => {
        if (!answer.ok && generation === this.generation) this.endIfFinal(answer.error.kind);
      });
    }
    this.retryLater();
  }

  private retryLater(): void {
    const attempt = this.failures + 1;
    const delay = reconnectDelay(this.failures, this.ports.random);
    const nextAttemptAt = new Date(this.ports.clock.now().getTime() + delay);
    this.cancelRetry = this.ports.clock.after(delay, () => {
      this.cancelRetry = undefined;
      this.update({ connection: { state: "reconnecting", attempt, nextAttemptAt: null } });
      this.connect();
    });
    this.update({
      connection: { state: "reconnecting", attempt, nextAttemptAt },
      pending: this.pendingList(),
    });
  }

  private endIfFinal(kind: string): void {
    const reason = FINAL_KINDS[kind];
    if (reason !== undefined && this.snapshot.connection.state !== "closed") this.stop(reason);
  }

  private stop(reason: LiveRoomClosedReason): void {
    this.generation += 1;
    this.cancelRetry?.();
    this.cancelRetry = undefined;
    this.connection?.close();
    this.connection = null;
    this.sending.clear();
    // Left: what waits stays for the next visit. Gone or refused: it can no longer go.
    if (reason !== "left") this.failAll();
    this.update({ connection: { state: "closed", reason }, pending: this.pendingList() });
  }

  /** Every entry still waiting fails: the room is gone (or no longer the user's). */
  private failAll(): void {
    for (const entry of this.entries)
      if (entry.failed === undefined)
        this.replace({ ...entry, failed: { error: messages.chat.roomNotFound, code: OUTBOX_GONE } });
  }

  /** Hands the entry to the socket if it is open, the outbox read, and the entry neither failed nor on its way. */
  private handIfOpen(entry: OutboxEntry): void {
    const connection = this.connection;
    if (connection === null || this.snapshot.connection.state !== "open" || !this.loaded) return;
    if (entry.failed !== undefined || this.sending.has(entry.clientId)) return;
    this.sending.add(entry.clientId);
    connection.send(entry.text, entry.productSlug, entry.clientId);
  }

  /** One of the user's messages with an entry's client id was stored: the entry leaves. */
  private settleBy(message: ChatMessage): void {
    if (message.clientId === undefined || message.senderId !== this.options.viewerId) return;
    if (this.entries.some((e) => e.clientId === message.clientId)) this.settle(message.clientId);
  }

  private settle(clientId: string): void {
    this.sending.delete(clientId);
    this.entries = this.entries.filter((e) => e.clientId !== clientId);
    this.write(() => this.outbox.remove(clientId));
  }

  private replace(entry: OutboxEntry): void {
    this.entries = this.entries.map((e) => (e.clientId === entry.clientId ? entry : e));
    this.write(() => this.outbox.put(entry));
  }

  /** The outbox's writes, one after the other, in the order made; a failed one loses nothing here. */
  private writes: Promise<void> = Promise.resolve();
  private write(change: () => void | Promise<void>): void {
    this.writes = this.writes.then(change).catch(() => {});
  }

  private pendingList(): PendingMessage[] {
    return this.entries.map((e) => ({ ...e, sending: this.sending.has(e.clientId) }));
  }

  private label(list: readonly ChatMessage[]): LiveMessage[] {
    return list.map((m) => ({ ...m, live: this.liveKeys.has(chatMessageKey(m)) }));
  }

  private update(patch: Partial<LiveRoomSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...patch };
    for (const listener of [...this.listeners]) listener();
  }
}

/** A new UUID (the platform's: browsers and Node have crypto.randomUUID). */
function randomId(): string {
  return (globalThis as unknown as { crypto: { randomUUID(): string } }).crypto.randomUUID();
}
