// Public API of @katale/cli, for tests and embedding: run `katale` with your own output and services.

export { CliFailure, EXIT_FAILURE, EXIT_OK, EXIT_USAGE, failureFrom } from "./cli-failure.js";
export type { CliServices, ConnectServices } from "./cli-services.js";
export { CLI_TOKENS, connectServices, createContainer } from "./composition-root.js";
export { DEFAULT_AUTH_URL, DEFAULT_SHOP_URL, resolveServiceUrls } from "./config/service-urls.js";
export type { CliIo } from "./output/cli-io.js";
export { createProgram } from "./program.js";
export { runCli } from "./run-cli.js";
