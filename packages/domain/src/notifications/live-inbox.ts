import { reconnectDelay } from "../chat/reconnect-delay.js";
import type { Result } from "../result.js";
import type { Clock } from "../time/clock.js";
import type { Timers } from "../time/timers.js";
import type {
  InboxEntry,
  InboxFrame,
  NotificationConnection,
  NotificationConnector,
  NotificationGateway,
} from "./notification-gateway.js";

// The bell: the user's unread count and latest entries, live. One policy for every client: the
// socket reopens with the chat's capped, jittered backoff while the bell is shown, and stops for good
// when the service refuses the session. Each time it opens the latest entries are read again (what
// happened while it was down); each frame then updates the count and puts its entry on top.

/** How many entries the bell's popover shows. */
export const INBOX_LATEST = 10;

export interface LiveInboxPorts {
  readonly notifications: Pick<NotificationGateway, "listNotifications" | "markNotificationsRead">;
  readonly sockets: NotificationConnector;
  readonly clock: Pick<Clock, "now"> & Timers;
  /** The jitter's dice, in [0, 1) (Math.random unless given). */
  readonly random?: () => number;
}

export type LiveInboxConnection = "connecting" | "open" | "reconnecting" | "closed";

export interface LiveInboxSnapshot {
  readonly connection: LiveInboxConnection;
  /** Null until the service has said. */
  readonly unread: number | null;
  /** The newest entries, newest first (at most INBOX_LATEST); null until loaded. */
  readonly latest: readonly InboxEntry[] | null;
  /** The latest entries could not be loaded (the count may still be live). */
  readonly failed: boolean;
  /** Bumped on every change the service told of: lists shown elsewhere read again. */
  readonly version: number;
}

const REFUSED_CODE = 4401;

export class LiveInbox {
  private snapshot: LiveInboxSnapshot = {
    connection: "connecting",
    unread: null,
    latest: null,
    failed: false,
    version: 0,
  };
  private readonly listeners = new Set<() => void>();
  private connection: NotificationConnection | null = null;
  private failures = 0;
  private cancelRetry: (() => void) | undefined;
  /** Bumped for each socket: what an older one says is ignored. */
  private generation = 0;

  private constructor(
    private readonly ports: LiveInboxPorts,
    private readonly token: string,
  ) {}

  /** Opens the user's socket. */
  static open(ports: LiveInboxPorts, token: string): LiveInbox {
    const inbox = new LiveInbox(ports, token);
    inbox.connect();
    return inbox;
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getSnapshot = (): LiveInboxSnapshot => this.snapshot;

  /** Reads the latest entries and the count again. */
  async refresh(): Promise<void> {
    const answer = await this.ports.notifications.listNotifications(this.token, 1);
    if (this.snapshot.connection === "closed") return;
    if (!answer.ok) {
      if (answer.error.kind === "unauthorized") this.stop();
      else this.update({ failed: true });
      return;
    }
    this.update({
      latest: answer.value.items.slice(0, INBOX_LATEST),
      unread: answer.value.unread,
      failed: false,
    });
  }

  /** Marks the given entries read (all without ids); the count follows the service's answer. */
  async markRead(ids?: readonly number[]): Promise<Result<number>> {
    const answer = await this.ports.notifications.markNotificationsRead(this.token, ids);
    if (!answer.ok) return answer;
    const marked = ids === undefined ? undefined : new Set(ids);
    this.update({
      unread: answer.value,
      latest:
        this.snapshot.latest?.map((entry) =>
          marked === undefined || marked.has(entry.id) ? { ...entry, read: true } : entry,
        ) ?? null,
      version: this.snapshot.version + 1,
    });
    return answer;
  }

  /** Stops: the socket closes and no attempt follows. */
  close(): void {
    this.stop();
  }

  private connect(): void {
    const generation = ++this.generation;
    const current = () => generation === this.generation;
    let opened = false;
    this.connection = this.ports.sockets.connect(this.token, {
      onOpen: () => {
        if (!current()) return;
        opened = true;
        this.failures = 0;
        this.update({ connection: "open" });
        void this.refresh();
      },
      onFrame: (frame) => {
        if (current()) this.heard(frame);
      },
      onClose: (code) => {
        if (current()) this.dropped(code, opened);
      },
    });
  }

  private heard(frame: InboxFrame): void {
    const entry = frame.entry;
    let latest = this.snapshot.latest;
    if (entry !== undefined && latest !== null)
      latest = [entry, ...latest.filter((e) => e.id !== entry.id)].slice(0, INBOX_LATEST);
    else if (entry === undefined && latest !== null && frame.unread === 0)
      latest = latest.map((e) => (e.read ? e : { ...e, read: true }));
    this.update({ unread: frame.unread, latest, version: this.snapshot.version + 1 });
  }

  private dropped(code: number, opened: boolean): void {
    this.connection = null;
    if (code === REFUSED_CODE) {
      this.stop();
      return;
    }
    if (opened) this.failures = 0;
    else {
      this.failures += 1;
      // A refused upgrade looks like a lost network to a browser: ask the service itself.
      void this.refresh();
    }
    const delay = reconnectDelay(this.failures, this.ports.random);
    this.cancelRetry = this.ports.clock.after(delay, () => {
      this.cancelRetry = undefined;
      if (this.snapshot.connection !== "closed") this.connect();
    });
    this.update({ connection: "reconnecting" });
  }

  private stop(): void {
    this.generation += 1;
    this.cancelRetry?.();
    this.cancelRetry = undefined;
    this.connection?.close();
    this.connection = null;
    if (this.snapshot.connection !== "closed") this.update({ connection: "closed" });
  }

  private update(patch: Partial<LiveInboxSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...patch };
    for (const listener of [...this.listeners]) listener();
  }
}
