import type { Command } from "commander";
import { CliFailure } from "../cli-failure.js";
import type { Invoke } from "../invocation.js";

const NEEDS_TERMINAL = "katale tui needs a terminal: run it in one (not with input or output redirected).";

/** `katale tui`: the Ink interface over the same services as the commands. */
export function registerTuiCommand(program: Command, invoke: Invoke): void {
  program
    .command("tui")
    .description(
      "browse, search, save, follow, chat, sell and administer in a full-screen terminal interface",
    )
    .action(async (_options: object, command: Command) => {
      const run = invoke(command);
      if (process.stdin.isTTY !== true || process.stdout.isTTY !== true) throw new CliFailure(NEEDS_TERMINAL);
      // https://no-color.org: no colour at all (Ink's colours go through chalk, which reads FORCE_COLOR on load).
      if ((process.env.NO_COLOR ?? "") !== "") process.env.FORCE_COLOR = "0";
      // Ink draws nothing but the last frame when CI or CONTINUOUS_INTEGRATION is set (it reads them on
      // load). Here both ends are a terminal, so someone is looking at it: draw every frame.
      for (const name of ["CI", "CONTINUOUS_INTEGRATION"]) delete process.env[name];
      // Ink and React load only here: the other commands start as fast as before.
      const { runTui } = await import("./run-tui.js");
      await runTui(run.services);
    });
}
