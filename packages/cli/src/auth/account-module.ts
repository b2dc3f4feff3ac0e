import { PORTS } from "@katale/domain";
import { ContainerModule } from "inversify";
import { CLI_TOKENS, resolve } from "../cli-tokens.js";
import type { AccountServices } from "./account-services.js";
import type { Prompter } from "./prompter.js";
import { terminalPrompter } from "./terminal-prompter.js";

/**
 * The terminal (prompts on stderr, so `--json` output on stdout stays clean), the session file's
 * path, and the account commands' services over them.
 */
export function accountModule(sessionFile: string): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bind<string>(CLI_TOKENS.sessionFile).toConstantValue(sessionFile);
    bind<Prompter>(CLI_TOKENS.prompter)
      .toDynamicValue(() => terminalPrompter(process.stdin, process.stderr))
      .inSingletonScope();
    bind<AccountServices>(CLI_TOKENS.account)
      .toDynamicValue((context) => ({
        auth: resolve(context, PORTS.auth),
        storage: resolve(context, PORTS.localStorage),
        sessionFile: resolve(context, CLI_TOKENS.sessionFile),
        prompter: resolve(context, CLI_TOKENS.prompter),
        verification: resolve(context, PORTS.userVerification),
      }))
      .inSingletonScope();
  });
}
