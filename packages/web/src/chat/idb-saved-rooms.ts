import {
  LIST_BOUNDS,
  listToKeep,
  MemorySavedRooms,
  roomToKeep,
  SAVED_ROOMS_DATABASE,
  savedChatList,
  withinBounds,
} from "./kept-rooms.js";
import type { SavedChatList, SavedList, SavedRoom, SavedRooms } from "./saved-rooms.js";

// The kept rooms on the phone (IndexedDB): one store keyed by the room's slug, and one of the chat
// lists keyed by their user's id (version 2 added it). Each use opens the
// database and closes it after, so a logout in another tab can always delete it. Where IndexedDB
// cannot be opened (some private windows) the rooms are kept in memory for the page.

const STORE = "rooms";
const LISTS = "lists";

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

function openDatabase(): Promise<IDBDatabase> {
  const opening = indexedDB.open(SAVED_ROOMS_DATABASE, 2);
  opening.onupgradeneeded = () => {
    const db = opening.result;
    if (!db.objectStoreNames.contains(STORE)) db.createObjectStore(STORE, { keyPath: "slug" });
    if (!db.objectStoreNames.contains(LISTS)) db.createObjectStore(LISTS, { keyPath: "viewerId" });
  };
  return request(opening).then((db) => {
    db.onversionchange = () => db.close();
    return db;
  });
}

/** The transaction's end (committed, or its error). */
function done(transaction: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onerror = () => reject(transaction.error);
    transaction.onabort = () => reject(transaction.error);
  });
}

class IndexedDbSavedRooms implements SavedRooms {
  async get(slug: string, viewerId: number): Promise<SavedRoom | undefined> {
    return this.using(async (db) => {
      const store = db.transaction(STORE, "readonly").objectStore(STORE);
      const saved = (await request(store.get(slug))) as SavedRoom | undefined;
      return saved?.viewerId === viewerId ? saved : undefined;
    });
  }

  async chatList(viewerId: number): Promise<SavedChatList | undefined> {
    return this.using(async (db) => {
      const transaction = db.transaction([STORE, LISTS], "readonly");
      const all = (await request(transaction.objectStore(STORE).getAll())) as SavedRoom[];
      const list = (await request(transaction.objectStore(LISTS).get(viewerId))) as SavedList | undefined;
      return savedChatList(
        all.filter((saved) => saved.viewerId === viewerId),
        list,
      );
    });
  }

  async put(saved: SavedRoom): Promise<void> {
    return this.using(async (db) => {
      const transaction = db.transaction(STORE, "readwrite");
      const store = transaction.objectStore(STORE);
      store.put({ ...saved, room: roomToKeep(saved.room) });
      // The bounds, in the same transaction: the oldest copies go.
      const all = (await request(store.getAll())) as SavedRoom[];
      for (const dropped of withinBounds(all).drop) store.delete(dropped.slug);
      await done(transaction);
    });
  }

  async putList(saved: SavedList): Promise<void> {
    return this.using(async (db) => {
      const transaction = db.transaction(LISTS, "readwrite");
      const store = transaction.objectStore(LISTS);
      store.put(listToKeep(saved));
      const all = (await request(store.getAll())) as SavedList[];
      for (const dropped of withinBounds(all, LIST_BOUNDS).drop) store.delete(dropped.viewerId);
      await done(transaction);
    });
  }

  async forget(): Promise<void> {
    return this.using(async (db) => {
      const transaction = db.transaction([STORE, LISTS], "readwrite");
      transaction.objectStore(STORE).clear();
      transaction.objectStore(LISTS).clear();
      await done(transaction);
    });
  }

  private async using<T>(work: (db: IDBDatabase) => Promise<T>): Promise<T> {
    const db = await openDatabase();
    try {
      return await work(db);
    } finally {
      db.close();
    }
  }
}

/** The phone's kept rooms (memory when IndexedDB cannot be opened). */
export async function openPhoneSavedRooms(): Promise<SavedRooms> {
  try {
    (await openDatabase()).close();
    return new IndexedDbSavedRooms();
  } catch {
    return new MemorySavedRooms();
  }
}
