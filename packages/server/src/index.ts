// The server's building blocks for programs that run it their own way (main.ts is the usual one;
// tests/bench runs the built server on a generated catalogue).

export { type BuildAppOptions, buildApp } from "./app.js";
export { type Config, loadConfig, type Service } from "./config.js";
export { connectDatabase, type DatabaseHandle, type DatabaseKind } from "./db/connect.js";
export { migrateToLatest } from "./db/migrate.js";
export { refreshStatistics } from "./db/refresh-statistics.js";
export type { Database } from "./db/schema.js";
export {
  createMediaStore,
  type LocalMediaStore,
  type MediaStore,
  mediaStoreFor,
} from "./media/media-store.js";
export { ProductRepository } from "./products/product-repository.js";
export { seedCatalogue } from "./seed/seed-catalogue.js";
