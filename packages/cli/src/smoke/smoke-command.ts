import { writeFile } from "node:fs/promises";
import type { Command } from "commander";
import { CliFailure, EXIT_FAILURE } from "../cli-failure.js";
import { parseId } from "../config/option-parsers.js";
import type { Invoke } from "../invocation.js";
import { fileFailure } from "../output/file-failure.js";
import { toJsonOutput } from "../output/json-keys.js";
import { type SmokeAccount, smokeChecks } from "./smoke-checks.js";
import { smokeMessages } from "./smoke-messages.js";
import { smokeJson, smokeJunit, smokeLine, smokeSummary } from "./smoke-report.js";
import { runSmoke } from "./smoke-run.js";

/** The most one check may take unless --timeout says otherwise. */
export const DEFAULT_SMOKE_TIMEOUT_MS = 10_000;

interface SmokeOptions {
  readonly account?: string;
  readonly passwordStdin?: boolean;
  readonly junit?: string;
  readonly timeout: number;
}

/** `katale smoke`: checks a running deployment as CI would; exit 0 when every check passes. */
export function registerSmokeCommand(program: Command, invoke: Invoke): void {
  program
    .command("smoke")
    .description(
      "check a running deployment as CI would: health, catalogue, products, search, shops, FAQs, API docs",
    )
    .option(
      "--account <email>",
      "also log in and check what a signed-in user does (it removes what it creates)",
    )
    .option("--password-stdin", "read the --account password from stdin")
    .option("--junit <file>", "write a JUnit XML report to this file")
    .option(
      "--timeout <ms>",
      "the most one check may take, in milliseconds",
      parseId,
      DEFAULT_SMOKE_TIMEOUT_MS,
    )
    .action(async (options: SmokeOptions, command: Command) => {
      const run = invoke(command);
      const probe = run.services.smoke;
      if (probe === undefined) throw new Error("smoke services missing");
      let account: SmokeAccount | undefined;
      if (options.account !== undefined) {
        if (options.passwordStdin !== true) run.usageError(smokeMessages.accountNeedsPassword);
        const password = await run.services.account?.prompter.readStdinLine();
        if (password === undefined || password === null || password === "")
          throw new CliFailure(smokeMessages.noPassword);
        account = { email: options.account, password };
      }

      const target = probe(options.timeout);
      const checks = smokeChecks(target, account);
      const nameWidth = Math.max(...checks.map((c) => c.name.length));
      const results = await runSmoke(checks, {
        timeoutMs: options.timeout,
        urls: { shop: target.shopUrl, auth: target.authUrl },
        // A person sees each line as its check ends; --json prints once, at the end.
        onResult: run.json ? undefined : (result) => run.io.out(smokeLine(result, nameWidth)),
      });

      if (options.junit !== undefined) {
        const junit = options.junit;
        await writeFile(junit, smokeJunit(results, target.shopUrl)).catch((error: unknown) => {
          throw fileFailure(junit, error);
        });
      }
      if (run.json) run.io.out(toJsonOutput(smokeJson(results)));
      else run.io.out(smokeSummary(results));
      if (results.some((r) => !r.ok)) throw new CliFailure("", EXIT_FAILURE);
    });
}
