import type { LocalValues } from "./storage-keys.js";

/**
 * Typed key-value storage (spec §3 keys). Synchronous because every medium we use is (browser
 * storage, a small JSON file) and screens read it while rendering (the /account gate).
 * A missing or unreadable value reads as null.
 */
export interface KeyValueStorage<V extends object = LocalValues> {
  get<K extends keyof V & string>(key: K): V[K] | null;
  set<K extends keyof V & string>(key: K, value: V[K]): void;
  remove(key: keyof V & string): void;
  /** Logout clears everything (spec §4). */
  clear(): void;
}
