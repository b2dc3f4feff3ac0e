import type { Result } from "@katale/domain";
import type { Command } from "commander";
import { CliFailure, EXIT_USAGE, failureFrom } from "./cli-failure.js";
import type { CliServices, ConnectServices } from "./cli-services.js";
import { type Environment, resolveServiceUrls } from "./config/service-urls.js";
import type { CliIo } from "./output/cli-io.js";
import { toJsonOutput } from "./output/json-keys.js";

/** Options every command takes (declared on the program, accepted after the subcommand too). */
export interface GlobalOptions {
  readonly json?: boolean;
  readonly authUrl?: string;
  readonly shopUrl?: string;
}

/** What a command's action works with: its services, and how to answer. */
export interface Invocation {
  readonly services: CliServices;
  /** Where the command writes (stdout, stderr, a progress stream on a terminal). */
  readonly io: CliIo;
  /** The global --json. */
  readonly json: boolean;
  /**
   * Prints `value`: as JSON with --json (nothing else on stdout; keys in the API's snake_case;
   * `json` picks what is printed, the value itself by default), else as `render` writes it.
   */
  show<T>(value: T, render: (value: T, width: number) => string, json?: (value: T) => unknown): void;
  /** The value of a successful shop-service answer; a failure ends the command with its message. */
  unwrap<T>(result: Result<T>, context?: { readonly notFound?: string; readonly page?: number }): T;
  /** Ends the command as a usage error (exit 2) with the hint to its --help. */
  usageError(message: string): never;
}

export type Invoke = (command: Command) => Invocation;

export interface InvokeDeps {
  readonly io: CliIo;
  readonly env: Environment;
  readonly connect: ConnectServices;
}

/** Builds each command's Invocation from the global options it was run with. */
export function invoker(deps: InvokeDeps): Invoke {
  return (command) => {
    const options = command.optsWithGlobals<GlobalOptions>();
    const usageError = (message: string): never => {
      // commander prints it with the command's usage hint and throws (exitOverride).
      command.error(`error: ${message}`, { exitCode: EXIT_USAGE, code: "katale.usage" });
      throw new CliFailure(message, EXIT_USAGE);
    };
    const urls = resolveServiceUrls(options, deps.env);
    if (!urls.ok) return usageError(urls.error);
    const services = deps.connect(urls.value);

    return {
      services,
      io: deps.io,
      json: options.json === true,
      show(value, render, json = (v) => v) {
        deps.io.out(options.json ? toJsonOutput(json(value)) : render(value, deps.io.width));
      },
      unwrap(result, context = {}) {
        if (result.ok) return result.value;
        throw failureFrom(result.error, { service: "shop", url: services.urls.shopUrl, ...context });
      },
      usageError,
    };
  };
}
