import {
  closeSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  writeSync,
} from "node:fs";
import { dirname } from "node:path";
import { type LocalStorageSchemas, localStorageSchemas, type StorageSchemas } from "@katale/domain";
import { type TextStore, TypedStore } from "./typed-store.js";

/**
 * Storage in one JSON file (the CLI's session: it holds the login token, so the file is 0600 and its
 * directory 0700). Every write replaces the file atomically (temporary file, fsync, rename), so a
 * crash or a second `katale` process never leaves half a file. Each read goes to the file, so two
 * processes see each other's logins. A damaged file reads as empty.
 */
export function jsonFileStore<S extends StorageSchemas>(filePath: string, schemas: S): TypedStore<S> {
  const load = (): Record<string, string> => readEntries(filePath);
  const text: TextStore = {
    read: (key) => load()[key] ?? null,
    write: (key, value) => writeEntries(filePath, { ...load(), [key]: value }),
    delete: (key) => {
      const entries = load();
      if (!(key in entries)) return;
      delete entries[key];
      writeEntries(filePath, entries);
    },
    deleteAll: () => rmSync(filePath, { force: true }),
  };
  return new TypedStore(text, schemas);
}

/** The spec §3 local storage keys in a JSON file. */
export function fileLocalStorage(filePath: string): TypedStore<LocalStorageSchemas> {
  return jsonFileStore(filePath, localStorageSchemas);
}

// On disk the file is one JSON object of the stored values; in between we hold each value's JSON text.
function readEntries(filePath: string): Record<string, string> {
  let raw: string;
  try {
    raw = readFileSync(filePath, "utf8");
  } catch {
    return {};
  }
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return {};
  }
  if (typeof data !== "object" || data === null || Array.isArray(data)) return {};
  return Object.fromEntries(Object.entries(data).map(([key, value]) => [key, JSON.stringify(value)]));
}

function writeEntries(filePath: string, entries: Record<string, string>): void {
  const data = Object.fromEntries(Object.entries(entries).map(([key, text]) => [key, JSON.parse(text)]));
  mkdirSync(dirname(filePath), { recursive: true, mode: 0o700 });
  const temporary = `${filePath}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  const fd = openSync(temporary, "wx", 0o600);
  try {
    writeSync(fd, `${JSON.stringify(data, null, 2)}\n`);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  try {
    renameSync(temporary, filePath);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}
