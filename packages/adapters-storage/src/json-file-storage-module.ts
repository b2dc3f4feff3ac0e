import { sessionStorageSchemas } from "@katale/domain";
import type { ContainerModule } from "inversify";
import { fileLocalStorage } from "./json-file-store.js";
import { memoryStore } from "./memory-store.js";
import { storageModule } from "./storage-modules.js";

/**
 * The terminal: what is kept across runs (token, user) in the JSON file at `path`; what lasts one
 * visit lasts the process, in memory.
 */
export function jsonFileStorageModule(path: string): ContainerModule {
  return storageModule(
    () => fileLocalStorage(path),
    () => memoryStore(sessionStorageSchemas),
  );
}
