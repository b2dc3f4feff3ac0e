// The room's outbox: messages the user sent that the service has not handed back yet. Kept behind a
// port so a persistent one (IndexedDB, with a client-made `client_id` per message) can replace the
// memory one; such an outbox keeps its list in memory too and writes each change through.

/** A message waiting in the outbox, oldest first. */
export interface OutboxEntry {
  /** The outbox's own number for it (unique within the outbox). */
  readonly id: number;
  /** Trimmed, as the service takes it. */
  readonly text: string;
  readonly productSlug?: string;
}

export interface Outbox {
  add(text: string, productSlug?: string): OutboxEntry;
  remove(id: number): void;
  /** What waits, oldest first. */
  list(): readonly OutboxEntry[];
}

/** The outbox of one session: gone with the page or the process. */
export class MemoryOutbox implements Outbox {
  private entries: OutboxEntry[] = [];
  private next = 1;

  add(text: string, productSlug?: string): OutboxEntry {
    const entry: OutboxEntry = {
      id: this.next++,
      text,
      ...(productSlug === undefined ? {} : { productSlug }),
    };
    this.entries = [...this.entries, entry];
    return entry;
  }

  remove(id: number): void {
    this.entries = this.entries.filter((e) => e.id !== id);
  }

  list(): readonly OutboxEntry[] {
    return this.entries;
  }
}
