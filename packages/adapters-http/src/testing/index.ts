// Test helpers for other packages (`@katale/adapters-http/testing`): behaviour suites that the
// domain's in-memory fakes and the HTTP gateways on the real server both pass.

export * from "./admin-behaviour.js";
export * from "./auth-behaviour.js";
export * from "./catalogue-behaviour.js";
export * from "./engagement-behaviour.js";
export * from "./seller-behaviour.js";
