import type { Command } from "commander";
import { EXIT_USAGE } from "./cli-failure.js";

/** `katale help [command…]`: the same help as `katale [command…] --help`. */
export function registerHelpCommand(program: Command): void {
  program
    .command("help")
    .description("show help for katale, or for a command (katale help products list)")
    .argument("[command...]", "the command, as typed after katale")
    .action((words: string[], _options: object, command: Command) => {
      let target = program;
      for (const word of words) {
        const next = target.commands.find((c) => c.name() === word || c.aliases().includes(word));
        if (next === undefined) {
          const asked = ["katale", ...words.slice(0, words.indexOf(word) + 1)].join(" ");
          // commander prints it with the usage hint and throws (exitOverride): exit 2.
          command.error(`error: unknown command '${asked}'`, { exitCode: EXIT_USAGE, code: "katale.usage" });
        }
        target = next!;
      }
      target.outputHelp();
    });
}
