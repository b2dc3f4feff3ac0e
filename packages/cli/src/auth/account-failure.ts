import type { WordedError } from "@katale/domain";
import { CliFailure, EXIT_FAILURE, EXIT_USAGE } from "../cli-failure.js";
import { cliMessages } from "../cli-messages.js";
import { authCliMessages } from "./auth-cli-messages.js";

/**
 * The terminal's words for a failed account step: the domain's message (spec §8), except where a
 * terminal user needs more — which server could not be reached, or what to run next.
 */
export function accountFailure(failure: WordedError, authUrl: string): CliFailure {
  switch (failure.kind) {
    case "network":
      return new CliFailure(cliMessages.cannotReach("auth", authUrl));
    case "server":
      return new CliFailure(cliMessages.serviceFailed("auth", authUrl, undefined));
    case "not-logged-in":
      return new CliFailure(authCliMessages.notLoggedIn);
    case "unauthorized":
      return new CliFailure(authCliMessages.sessionEnded);
    case "invalid-form":
      // The command line carried a value the rules refuse: a usage error.
      return new CliFailure(failure.message, EXIT_USAGE);
    default:
      return new CliFailure(failure.message, EXIT_FAILURE);
  }
}
