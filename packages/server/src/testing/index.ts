// What tests outside this package use (`@katale/server/testing`): the real server started in-process
// on a database of its own, builders of test data, and helpers for signed-in users.

export * from "./auth-helpers.js";
export * from "./fixtures.js";
export * from "./test-server.js";
