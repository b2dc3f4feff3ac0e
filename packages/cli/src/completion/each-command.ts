import type { Command } from "commander";

/** Visits every command with its path ("" for the program, " products", " products list"). */
export function eachCommand(program: Command, visit: (command: Command, path: string) => void): void {
  const walk = (command: Command, path: string) => {
    visit(command, path);
    for (const sub of command.commands) walk(sub, `${path} ${sub.name()}`);
  };
  walk(program, "");
}
