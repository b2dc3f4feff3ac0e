import {
  type KeyValueStorage,
  type LocalValues,
  PORTS,
  type SessionValues,
  sessionStorageSchemas,
} from "@katale/domain";
import { ContainerModule } from "inversify";
import { memoryLocalStorage, memoryStore } from "./memory-store.js";
import { browserLocalStorage, browserSessionStorage } from "./web-storage-store.js";

// What binds the domain's two storage ports (PORTS.localStorage, PORTS.sessionStorage), once per
// medium, for a composition root to load. Browser-safe; the JSON-file one is json-file-storage-module.ts.

/** Binds the two storage ports to the stores these build (each once, on first use). */
export function storageModule(
  local: () => KeyValueStorage<LocalValues>,
  session: () => KeyValueStorage<SessionValues>,
): ContainerModule {
  return new ContainerModule(({ bind }) => {
    // Built on first use (a CLI command that never reads the session never touches the file).
    bind<KeyValueStorage<LocalValues>>(PORTS.localStorage)
      .toDynamicValue(() => local())
      .inSingletonScope();
    bind<KeyValueStorage<SessionValues>>(PORTS.sessionStorage)
      .toDynamicValue(() => session())
      .inSingletonScope();
  });
}

/** The browser's localStorage and sessionStorage. */
export function browserStorageModule(): ContainerModule {
  return storageModule(
    () => browserLocalStorage(),
    () => browserSessionStorage(),
  );
}

/** Both in memory (tests, embedding). */
export function memoryStorageModule(): ContainerModule {
  return storageModule(
    () => memoryLocalStorage(),
    () => memoryStore(sessionStorageSchemas),
  );
}
