import { CommanderError } from "commander";
import { CliFailure, EXIT_FAILURE, EXIT_OK, EXIT_USAGE } from "./cli-failure.js";
import { cliMessages } from "./cli-messages.js";
import type { InvokeDeps } from "./invocation.js";
import { fileProblem, isFileError } from "./output/file-failure.js";
import { createProgram } from "./program.js";

/**
 * Runs `katale` with the arguments after the program name and answers the exit code: 0 done,
 * 1 a service failed or the thing asked for does not exist, 2 the command line is wrong.
 * Expected failures print one line on stderr, never a stack.
 */
export async function runCli(argv: readonly string[], deps: InvokeDeps): Promise<number> {
  const program = createProgram(deps);
  try {
    await program.parseAsync([...argv], { from: "user" });
    return EXIT_OK;
  } catch (error) {
    if (error instanceof CommanderError) {
      // commander has printed its message (and the usage hint) already; --help and --version end here too.
      return error.exitCode === EXIT_OK ? EXIT_OK : EXIT_USAGE;
    }
    if (error instanceof CliFailure) {
      // An empty message: the command has said everything already (e.g. an import report with failed rows).
      if (error.message !== "") deps.io.err(`${error.message}\n`);
      return error.exitCode;
    }
    if (isFileError(error)) {
      // A file named on the command line: said with its name, not as an unexpected error.
      deps.io.err(`${fileProblem(error.path, error)}\n`);
      return EXIT_FAILURE;
    }
    deps.io.err(`${cliMessages.unexpected(error instanceof Error ? error.message : String(error))}\n`);
    if (deps.env.KATALE_DEBUG === "1" && error instanceof Error && error.stack)
      deps.io.err(`${error.stack}\n`);
    return EXIT_FAILURE;
  }
}
