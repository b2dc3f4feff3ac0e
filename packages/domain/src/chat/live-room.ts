import { messages } from "../messages.js";
import { err, ok, type Result } from "../result.js";
import type { Clock } from "../time/clock.js";
import type { Timers } from "../time/timers.js";
import { chatMessageKey, chatText, mergeMessages } from "./chat.js";
import type { ChatConnection, ChatConnector, ChatGateway } from "./chat-gateway.js";
import type { ChatMessage } from "./chat-message.js";
import { MemoryOutbox, type Outbox, type OutboxEntry } from "./outbox.js";
import { reconnectDelay } from "./reconnect-delay.js";

// A chat room, live (spec §2 Chat, §4; issue 11): the one policy the web, `katale chat open` and the
// Ink room share. The socket reopens by itself with capped, jittered backoff for as long as the room
// is open, and stops for good only when the service says the room is gone or not ours. Each time it
// opens, what was said meanwhile is fetched and merged, each message once, oldest first. Messages
// wait in the outbox while the socket is down and go, in order, once it is back. Receipts as
// before: the room is read when the socket opens and whenever another's message arrives; leaving
// after such a message says so over HTTP too (the socket's reads are spaced out by the service).

export interface LiveRoomPorts {
  readonly chat: Pick<ChatGateway, "loadRoom" | "markRead">;
  readonly sockets: ChatConnector;
  readonly clock: Pick<Clock, "now"> & Timers;
  /** Where unsent messages wait (in memory unless given). */
  readonly outbox?: Outbox;
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

/** A message of the outbox: `sending` once handed to the socket, until the service hands it back. */
export interface PendingMessage extends OutboxEntry {
  readonly sending: boolean;
}

export interface LiveRoomSnapshot {
  readonly connection: LiveRoomConnection;
  /** Oldest first, each once. */
  readonly messages: readonly LiveMessage[];
  /** The outbox, oldest first: 'waiting to send' while not `sending`. */
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
  private connection: ChatConnection | null = null;
  /** Outbox entries handed to the current socket, not yet handed back. */
  private readonly sending = new Set<number>();
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
    this.snapshot = { ...this.snapshot, pending: this.pendingList() };
  }

  /** Opens the room's socket. */
  static join(ports: LiveRoomPorts, options: LiveRoomOptions): LiveRoom {
    const room = new LiveRoom(ports, options);
    room.connect();
    return room;
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getSnapshot = (): LiveRoomSnapshot => this.snapshot;

  /** Sends the text (trimmed) now if the socket is open, else when it opens again; 'invalid' when blank or closed. */
  send(text: string, productSlug?: string): Result<PendingMessage> {
    const checked = chatText(text);
    if (!checked.ok) return checked;
    if (this.snapshot.connection.state === "closed")
      return err({ kind: "invalid", message: messages.chat.connectionIssues });
    const entry = this.outbox.add(checked.value, productSlug);
    if (this.connection !== null && this.snapshot.connection.state === "open")
      this.hand(this.connection, entry);
    this.update({ pending: this.pendingList() });
    return ok({ ...entry, sending: this.sending.has(entry.id) });
  }

  /** Messages from elsewhere (an earlier page, the history again, a sent photo), merged each once. */
  merge(incoming: readonly ChatMessage[], options: { readonly live?: boolean } = {}): void {
    if (options.live) for (const m of incoming) this.liveKeys.add(chatMessageKey(m));
    this.update({ messages: this.label(mergeMessages(this.snapshot.messages, incoming)) });
  }

  /** Leaves the room: the socket closes and no attempt follows. True when a last read was said over HTTP. */
  async close(): Promise<boolean> {
    if (this.snapshot.connection.state === "closed") return false;
    this.stop("left");
    if (!this.readOwed) return false;
    this.readOwed = false;
    return (await this.ports.chat.markRead(this.options.token, this.options.slug)).ok;
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
    for (const entry of this.outbox.list()) if (!this.sending.has(entry.id)) this.hand(connection, entry);
    this.update({ connection: { state: "open" }, pending: this.pendingList() });
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
      const settled = this.outbox.list().find((e) => this.sending.has(e.id) && e.text === message.message);
      if (settled !== undefined) this.settle(settled.id);
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

  /** The service answers frames in order: a refusal is for the oldest message still on its way. */
  private refused(error: string, code?: string): void {
    const oldest = this.outbox.list().find((e) => this.sending.has(e.id));
    if (oldest !== undefined) this.settle(oldest.id);
    this.update({ refusal: code === undefined ? { error } : { error, code }, pending: this.pendingList() });
  }

  private dropped(code: number, opened: boolean): void {
    this.connection = null;
    // Handed to the lost socket and not handed back: stored or not, it cannot be told without a
    // client_id, so it is not sent twice (the history fetched on reopening shows it if it was stored).
    for (const id of [...this.sending]) this.settle(id);
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
    this.update({ connection: { state: "closed", reason }, pending: this.pendingList() });
  }

  private hand(connection: ChatConnection, entry: OutboxEntry): void {
    this.sending.add(entry.id);
    connection.send(entry.text, entry.productSlug);
  }

  private settle(id: number): void {
    this.sending.delete(id);
    this.outbox.remove(id);
  }

  private pendingList(): PendingMessage[] {
    return this.outbox.list().map((e) => ({ ...e, sending: this.sending.has(e.id) }));
  }

  private label(list: readonly ChatMessage[]): LiveMessage[] {
    return list.map((m) => ({ ...m, live: this.liveKeys.has(chatMessageKey(m)) }));
  }

  private update(patch: Partial<LiveRoomSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...patch };
    for (const listener of [...this.listeners]) listener();
  }
}
