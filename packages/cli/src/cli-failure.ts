import { type DomainError, errorMessage, messages } from "@katale/domain";
import { cliMessages, type ServiceName } from "./cli-messages.js";

export const EXIT_OK = 0;
/** The service is down, answered an error, or the thing asked for does not exist. */
export const EXIT_FAILURE = 1;
/** The command line itself is wrong. */
export const EXIT_USAGE = 2;

/** An expected failure: its message goes to stderr as is (no stack) and the process exits non-zero. */
export class CliFailure extends Error {
  constructor(
    message: string,
    readonly exitCode: typeof EXIT_FAILURE | typeof EXIT_USAGE = EXIT_FAILURE,
  ) {
    super(message);
    this.name = "CliFailure";
  }
}

export interface FailureContext {
  readonly service: ServiceName;
  /** The service's base URL, named in the message. */
  readonly url: string;
  /** Said when the service answers 'not found' without a message of its own. */
  readonly notFound?: string;
  /** The page asked for, named when it is past the end. */
  readonly page?: number;
}

/** What to tell the user when a call to a service failed. */
export function failureFrom(error: DomainError, context: FailureContext): CliFailure {
  switch (error.kind) {
    case "network":
      return new CliFailure(cliMessages.cannotReach(context.service, context.url));
    case "not-found":
      // An unknown route rather than an unknown thing: the base URL is wrong.
      if (error.route) {
        return new CliFailure(cliMessages.unexpectedAnswer(context.service, context.url));
      }
      return new CliFailure(error.message ?? context.notFound ?? messages.products.notFound);
    case "invalid-page":
      return new CliFailure(
        context.page === undefined
          ? messages.products.noMoreProducts
          : cliMessages.pastLastPage(context.page),
      );
    case "invalid":
      // The service refused what we sent: the user's input, so a usage failure.
      return new CliFailure(error.message, EXIT_USAGE);
    case "not-logged-in":
    case "unauthorized":
      return new CliFailure(error.message ?? messages.common.loginFirst);
    case "forbidden":
      return new CliFailure(error.message ?? messages.authServer.adminOnly);
    case "server":
      // A 2xx that broke the contract means the URL points at something that is not Katale.
      return new CliFailure(
        error.status !== undefined && error.status < 300
          ? cliMessages.unexpectedAnswer(context.service, context.url)
          : cliMessages.serviceFailed(context.service, context.url, error.status),
      );
    default:
      // A form check or an account refusal: the words the step gave it.
      return new CliFailure(errorMessage(error));
  }
}
