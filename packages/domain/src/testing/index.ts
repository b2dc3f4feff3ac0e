// Test helpers for any package testing code built on the domain: builders and in-memory ports.

export * from "./builders.js";
export * from "./call-log.js";
export * from "./failures.js";
export * from "./fixed-clock.js";
export * from "./in-memory-address-suggestions.js";
export * from "./in-memory-admin-gateway.js";
export * from "./in-memory-auth-gateway.js";
export * from "./in-memory-category-gateway.js";
export * from "./in-memory-chat.js";
export * from "./in-memory-engagement-gateway.js";
export * from "./in-memory-moderation.js";
export * from "./in-memory-notifications.js";
export * from "./in-memory-product-finder.js";
export * from "./in-memory-product-gateway.js";
export * from "./in-memory-seller-gateway.js";
export * from "./in-memory-shop-gateway.js";
export * from "./in-memory-storage.js";
export * from "./in-memory-support-gateway.js";
export * from "./in-memory-user-verification-gateway.js";
export * from "./paginate.js";
export * from "./results.js";
export * from "./reversible-shop-id-cipher.js";
