import { MemoryOutbox, type Outbox, type OutboxEntry, outboxOrder } from "@katale/domain";

// The chat outbox on the phone (IndexedDB): a message typed in a dead zone is still there after a
// reload, and goes when the connection is back. One store, keyed by the message's client id, with an
// index on the room. Where IndexedDB cannot be opened (some private windows) the outbox lives in
// memory for the page, as the CLI's does. Loaded with the chat room only (use-chat.ts imports it
// when a room opens), never with the first screen.

const DATABASE = "katale-chat";
const STORE = "outbox";
const BY_ROOM = "slug";

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

function openDatabase(): Promise<IDBDatabase> {
  const opening = indexedDB.open(DATABASE, 1);
  opening.onupgradeneeded = () => {
    const store = opening.result.createObjectStore(STORE, { keyPath: "clientId" });
    store.createIndex(BY_ROOM, "slug");
  };
  return request(opening);
}

class IndexedDbOutbox implements PhoneOutbox {
  constructor(private readonly db: IDBDatabase) {}

  async list(slug: string): Promise<readonly OutboxEntry[]> {
    const store = this.db.transaction(STORE, "readonly").objectStore(STORE);
    const entries = await request(store.index(BY_ROOM).getAll(slug));
    return outboxOrder(entries as OutboxEntry[]);
  }

  put(entry: OutboxEntry): Promise<void> {
    return this.change((store) => store.put(entry));
  }

  remove(clientId: string): Promise<void> {
    return this.change((store) => store.delete(clientId));
  }

  clear(): Promise<void> {
    return this.change((store) => store.clear());
  }

  /** One write, done when its transaction has committed. */
  private change(write: (store: IDBObjectStore) => void): Promise<void> {
    const transaction = this.db.transaction(STORE, "readwrite");
    write(transaction.objectStore(STORE));
    return new Promise((resolve, reject) => {
      transaction.oncomplete = () => resolve();
      transaction.onerror = () => reject(transaction.error);
      transaction.onabort = () => reject(transaction.error);
    });
  }
}

/** An outbox that can be emptied (logout). */
type PhoneOutbox = Outbox & { clear(): void | Promise<void> };

let opened: Promise<PhoneOutbox> | undefined;
const phoneOutbox = (): Promise<PhoneOutbox> => {
  opened ??= openDatabase().then(
    (db): PhoneOutbox => new IndexedDbOutbox(db),
    (): PhoneOutbox => new MemoryOutbox(),
  );
  return opened;
};

/** The phone's outbox (memory when IndexedDB cannot be opened), one per page. */
export const openPhoneOutbox = (): Promise<Outbox> => phoneOutbox();

/**
 * Logout: what was still waiting to send is dropped. It was typed by the user leaving; the next one
 * to sign in on this phone must neither see it nor send it as their own.
 */
export async function forgetPhoneOutbox(): Promise<void> {
  await (await phoneOutbox()).clear();
}
