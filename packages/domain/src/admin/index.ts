// `@katale/domain/admin`: the admins' steps (issue 10), apart from the main entry so the shop's
// first page never carries them (the web's first-load budget); the ports are in the main entry too.

export * from "./admin-gateways.js";
export * from "./admin-steps.js";
