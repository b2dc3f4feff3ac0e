// Public API of @katale/adapters-storage: the domain's KeyValueStorage port per medium.

export { fileLocalStorage, jsonFileStore } from "./json-file-store.js";
export { memoryLocalStorage, memoryStore } from "./memory-store.js";
export { type TextStore, TypedStore } from "./typed-store.js";
export {
  browserLocalStorage,
  browserSessionStorage,
  type StorageLike,
  webStorageStore,
} from "./web-storage-store.js";
