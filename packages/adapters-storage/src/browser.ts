// Browser-safe entry of @katale/adapters-storage (no node: built-ins): what the web app may load.

export { memoryLocalStorage, memoryStore } from "./memory-store.js";
export { browserStorageModule, memoryStorageModule, storageModule } from "./storage-modules.js";
export { type TextStore, TypedStore } from "./typed-store.js";
export {
  browserLocalStorage,
  browserSessionStorage,
  type StorageLike,
  webStorageStore,
} from "./web-storage-store.js";
