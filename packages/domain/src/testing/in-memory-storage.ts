import type { KeyValueStorage } from "../session/key-value-storage.js";
import type { LocalValues } from "../session/storage-keys.js";

/**
 * The storage port in a Map. Values go through JSON like every real medium, so a test never shares
 * an object with the store; `entries()` shows what is kept.
 */
export class InMemoryStorage<V extends object = LocalValues> implements KeyValueStorage<V> {
  private readonly values = new Map<string, string>();

  get<K extends keyof V & string>(key: K): V[K] | null {
    const text = this.values.get(key);
    return text === undefined ? null : (JSON.parse(text) as V[K]);
  }

  set<K extends keyof V & string>(key: K, value: V[K]): void {
    this.values.set(key, JSON.stringify(value));
  }

  remove(key: keyof V & string): void {
    this.values.delete(key);
  }

  clear(): void {
    this.values.clear();
  }

  /** Everything stored, by key. */
  entries(): Partial<V> {
    return Object.fromEntries([...this.values].map(([key, text]) => [key, JSON.parse(text)])) as Partial<V>;
  }
}
