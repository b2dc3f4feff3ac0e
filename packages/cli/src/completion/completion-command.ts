import { Argument, type Command } from "commander";
import type { Invoke } from "../invocation.js";
import { completionScript } from "./completion-script.js";

/** `katale completion bash|zsh|fish`: prints the shell's completion script. */
export function registerCompletionCommand(program: Command, invoke: Invoke): void {
  program
    .command("completion")
    .description('print the shell completion script (add eval "$(katale completion bash)" to ~/.bashrc)')
    .addArgument(new Argument("<shell>", "the shell").choices(["bash", "zsh", "fish"]))
    .action((shell: "bash" | "zsh" | "fish", _options: object, command: Command) => {
      invoke(command).io.out(completionScript(program, shell));
    });
}
