// What tests outside this package use (`@katale/server/testing`): the real server started in-process
// on a database of its own, builders of test data, and helpers for signed-in users.

// The bench (tests/bench) stores a shopper who logs in while the load runs.
export { hashPassword } from "../auth/password-hashing.js";
export { openChat } from "../chat/chat-test-client.js";
export * from "./auth-helpers.js";
export * from "./fixtures.js";
export * from "./server-process.js";
export * from "./test-server.js";
