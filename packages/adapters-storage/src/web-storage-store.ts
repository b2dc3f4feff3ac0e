import {
  type LocalStorageSchemas,
  localStorageSchemas,
  type SessionStorageSchemas,
  type StorageSchemas,
  sessionStorageSchemas,
} from "@katale/domain";
import { type TextStore, TypedStore } from "./typed-store.js";

/** What we use of the DOM's `Storage` (localStorage, sessionStorage); any object with these works. */
export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
  clear(): void;
}

/** Browser storage. `clear` empties the whole storage, as logout does (spec §4). */
export function webStorageStore<S extends StorageSchemas>(storage: StorageLike, schemas: S): TypedStore<S> {
  const text: TextStore = {
    read: (key) => storage.getItem(key),
    write: (key, value) => storage.setItem(key, value),
    delete: (key) => storage.removeItem(key),
    deleteAll: () => storage.clear(),
  };
  return new TypedStore(text, schemas);
}

/** The spec §3 local storage keys over `localStorage` (or the given Storage-like object). */
export function browserLocalStorage(
  storage: StorageLike = globalStorage("localStorage"),
): TypedStore<LocalStorageSchemas> {
  return webStorageStore(storage, localStorageSchemas);
}

/** The spec §3 session keys (previousUrl) over `sessionStorage` (or the given object). */
export function browserSessionStorage(
  storage: StorageLike = globalStorage("sessionStorage"),
): TypedStore<SessionStorageSchemas> {
  return webStorageStore(storage, sessionStorageSchemas);
}

function globalStorage(name: "localStorage" | "sessionStorage"): StorageLike {
  const storage = (globalThis as Record<string, unknown>)[name] as StorageLike | undefined;
  if (storage === undefined) throw new Error(`${name} is not available here; pass a Storage-like object`);
  return storage;
}
