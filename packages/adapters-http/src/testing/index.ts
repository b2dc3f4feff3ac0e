// Test helpers for other packages (`@katale/adapters-http/testing`): behaviour suites that the
// domain's in-memory fakes and the HTTP gateways on the real server both pass.

export * from "./address-suggestions-behaviour.js";
export * from "./admin-behaviour.js";
export * from "./auth-behaviour.js";
export * from "./catalogue-behaviour.js";
export * from "./chat-behaviour.js";
export * from "./engagement-behaviour.js";
export * from "./find-behaviour.js";
export * from "./moderation-behaviour.js";
export * from "./notification-behaviour.js";
export * from "./seller-behaviour.js";
export * from "./shops-behaviour.js";
export * from "./support-behaviour.js";
export * from "./user-verification-behaviour.js";
export * from "./wire-builders.js";
