import type { KeyValueStorage, StorageSchemas, StoredValues } from "@katale/domain";
import { decodeValue, encodeValue, type ValueSchema } from "./stored-value-codec.js";

/** Raw text storage a medium provides; the typed store puts JSON and schemas on top. */
export interface TextStore {
  read(key: string): string | null;
  write(key: string, text: string): void;
  delete(key: string): void;
  deleteAll(): void;
}

/** The KeyValueStorage port over any TextStore, with one schema per key. */
export class TypedStore<S extends StorageSchemas> implements KeyValueStorage<StoredValues<S>> {
  constructor(
    private readonly text: TextStore,
    private readonly schemas: S,
  ) {}

  get<K extends keyof S & string>(key: K): StoredValues<S>[K] | null {
    const schema = this.schemas[key] as unknown as ValueSchema<StoredValues<S>[K]> | undefined;
    if (schema === undefined) return null;
    return decodeValue(schema, this.text.read(key));
  }

  set<K extends keyof S & string>(key: K, value: StoredValues<S>[K]): void {
    this.text.write(key, encodeValue(value));
  }

  remove(key: keyof S & string): void {
    this.text.delete(key);
  }

  clear(): void {
    this.text.deleteAll();
  }
}
