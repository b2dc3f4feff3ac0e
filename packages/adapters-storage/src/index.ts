// Public API of @katale/adapters-storage: the domain's KeyValueStorage port per medium, and the
// container modules that bind it. Browsers import `@katale/adapters-storage/browser` (no node:fs).

export * from "./browser.js";
export { jsonFileStorageModule } from "./json-file-storage-module.js";
export { fileLocalStorage, jsonFileStore } from "./json-file-store.js";
