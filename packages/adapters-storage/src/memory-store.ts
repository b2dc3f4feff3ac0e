import { type LocalStorageSchemas, localStorageSchemas, type StorageSchemas } from "@katale/domain";
import { TypedStore } from "./typed-store.js";

/**
 * Storage that lasts as long as the process (tests, one-shot CLI runs). Values go through JSON like
 * the other media, so a caller never shares an object with the store.
 */
export function memoryStore<S extends StorageSchemas>(
  schemas: S,
  initial: Record<string, string> = {},
): TypedStore<S> {
  const entries = new Map(Object.entries(initial));
  return new TypedStore(
    {
      read: (key) => entries.get(key) ?? null,
      write: (key, text) => entries.set(key, text),
      delete: (key) => entries.delete(key),
      deleteAll: () => entries.clear(),
    },
    schemas,
  );
}

/** The spec §3 local storage keys in memory. */
export function memoryLocalStorage(): TypedStore<LocalStorageSchemas> {
  return memoryStore(localStorageSchemas);
}
