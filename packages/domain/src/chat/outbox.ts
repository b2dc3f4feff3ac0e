// The room's outbox: messages the user sent that the service has not handed back yet. Each has a
// `clientId`, a UUID made here, which the socket frame carries (`client_id`): the service stores a
// message once per sender and id, so an entry may be sent again after a drop without ever arriving
// twice, and it leaves the outbox when the service hands back a message with its id. Behind a port
// so a persistent outbox (IndexedDB in the web) keeps what was typed in a dead zone across a reload:
// the live room reads it once when it joins and writes each change through, keeping its own list in
// memory; writes may be asynchronous (a failed write loses nothing of this session).

/** Why the service would not take a message: its words, and its stable code ("blocked", "gone" ...). */
export interface OutboxFailure {
  readonly error: string;
  readonly code?: string;
}

/** A message waiting in the outbox. */
export interface OutboxEntry {
  /** The client's own id for the message (a UUID): the frame's `client_id`. */
  readonly clientId: string;
  /** The room's slug. */
  readonly slug: string;
  /** Who typed it (a phone may be shared: each sees their own). */
  readonly senderId: number;
  /** Trimmed, as the service takes it. */
  readonly text: string;
  readonly productSlug?: string;
  /** When it was typed (ms since the epoch): the outbox's order, oldest first. */
  readonly queuedAt: number;
  /** Set when the service refused it: it waits for the user to retry or delete it. */
  readonly failed?: OutboxFailure;
}

/** What waits, per room, and each change to it. */
export interface Outbox {
  /** The room's entries, oldest first. */
  list(slug: string): readonly OutboxEntry[] | Promise<readonly OutboxEntry[]>;
  /** Adds an entry, or replaces the one with its `clientId`. */
  put(entry: OutboxEntry): void | Promise<void>;
  remove(clientId: string): void | Promise<void>;
}

/** Oldest first; the same moment keeps the order they were put in. */
export function outboxOrder(entries: readonly OutboxEntry[]): OutboxEntry[] {
  return entries
    .map((entry, i) => ({ entry, i }))
    .sort((a, b) => a.entry.queuedAt - b.entry.queuedAt || a.i - b.i)
    .map((x) => x.entry);
}

/** The outbox of one session: gone with the page or the process (the CLI, the Ink room, tests). */
export class MemoryOutbox implements Outbox {
  private entries: OutboxEntry[] = [];

  list(slug: string): readonly OutboxEntry[] {
    return outboxOrder(this.entries.filter((e) => e.slug === slug));
  }

  put(entry: OutboxEntry): void {
    const at = this.entries.findIndex((e) => e.clientId === entry.clientId);
    if (at < 0) this.entries = [...this.entries, entry];
    else this.entries = this.entries.map((e, i) => (i === at ? entry : e));
  }

  remove(clientId: string): void {
    this.entries = this.entries.filter((e) => e.clientId !== clientId);
  }

  /** Drops every entry (the web's logout). */
  clear(): void {
    this.entries = [];
  }
}
