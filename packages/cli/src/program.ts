import { useCommonPasswords } from "@katale/domain";
import { isCommonPassword } from "@katale/domain/common-passwords";
import { Command } from "commander";
import packageJson from "../package.json" with { type: "json" };
import { registerAdminCommands } from "./admin/admin-commands.js";
import { registerCategoryAdminCommands } from "./admin/categories/category-commands.js";
import { registerAccountCommands } from "./auth/account-verify-command.js";
import { registerAuthCommands } from "./auth/auth-commands.js";
import { registerCatalogueCommands } from "./catalogue/catalogue-commands.js";
import { registerChatCommands } from "./chat/chat-commands.js";
import { cliMessages } from "./cli-messages.js";
import { registerCompletionCommand } from "./completion/completion-command.js";
import { DEFAULT_AUTH_URL, DEFAULT_SHOP_URL } from "./config/service-urls.js";
import { registerEngagementCommands } from "./engagement/engagement-commands.js";
import { registerFindCommands } from "./find/find-commands.js";
import { registerHelpCommand } from "./help-command.js";
import { type InvokeDeps, invoker } from "./invocation.js";
import { registerModerationAdminCommands, registerReportCommand } from "./moderation/moderation-commands.js";
import { registerNotificationCommands } from "./notifications/notification-commands.js";
import { registerProductCommands } from "./products/product-commands.js";
import { registerProductAdminCommands } from "./selling/product-admin-commands.js";
import { registerShopAdminCommands } from "./selling/shop-admin-commands.js";
import { registerShopCommands } from "./shops/shop-commands.js";
import { registerSmokeCommand } from "./smoke/smoke-command.js";
import { registerTuiCommand } from "./tui/tui-command.js";

/** The `katale` command tree. Output goes to `deps.io`; failures throw (exitOverride), see runCli. */
export function createProgram(deps: InvokeDeps): Command {
  // New passwords are checked against the common-passwords list before anything is sent.
  // biome-ignore lint/correctness/useHookAtTopLevel: a setter of the domain's, not a React hook
  useCommonPasswords(isCommonPassword);
  const { io } = deps;
  const program = new Command("katale")
    .description(
      "Browse the Katale marketplace, manage your account and shops, and check a deployment, from the terminal.",
    )
    .version(packageJson.version, "-V, --version", "print the version")
    .helpOption("-h, --help", "show help")
    .option("--json", "print the result as JSON for scripts (nothing else on stdout)")
    .option("--shop-url <url>", `shop service base URL [env KATALE_SHOP_URL] (default: ${DEFAULT_SHOP_URL})`)
    .option("--auth-url <url>", `auth service base URL [env KATALE_AUTH_URL] (default: ${DEFAULT_AUTH_URL})`)
    // Settings below are inherited by every subcommand added afterwards.
    .exitOverride()
    .configureOutput({
      writeOut: (text) => io.out(text),
      writeErr: (text) => io.err(text),
      getOutHelpWidth: () => io.width,
      getErrHelpWidth: () => io.width,
    })
    .configureHelp({ showGlobalOptions: true })
    .showSuggestionAfterError();

  const invoke = invoker(deps);
  registerCatalogueCommands(program, invoke);
  registerProductCommands(program, invoke);
  registerShopCommands(program, invoke);
  registerAuthCommands(program, invoke);
  registerAccountCommands(program, invoke);
  registerEngagementCommands(program, invoke);
  registerSellingCommands(program, invoke);
  registerFindCommands(program, invoke);
  registerChatCommands(program, invoke);
  registerNotificationCommands(program, invoke);
  registerCategoryAdminCommands(program.commands.find((c) => c.name() === "categories")!, invoke);
  registerReportCommand(program, invoke);
  registerAdminCommands(program, invoke);
  registerModerationAdminCommands(program.commands.find((c) => c.name() === "admin")!, invoke);
  registerSmokeCommand(program, invoke);
  registerTuiCommand(program, invoke);
  registerHelpCommand(program);
  // Last: its script lists every command above.
  registerCompletionCommand(program, invoke);
  addUsageHints(program, ["katale"]);
  return program;
}

/** The shop owner's commands join the `shops` and `products` groups. */
function registerSellingCommands(program: Command, invoke: ReturnType<typeof invoker>): void {
  const group = (name: string) => program.commands.find((c) => c.name() === name)!;
  registerShopAdminCommands(group("shops"), invoke);
  registerProductAdminCommands(group("products"), invoke);
}

/** After a usage error each command points at its own --help; commander's own `help` subcommands are not offered (katale help is). */
function addUsageHints(command: Command, path: readonly string[]): void {
  command.showHelpAfterError(cliMessages.usageHint(path.join(" "))).helpCommand(false);
  for (const sub of command.commands) addUsageHints(sub, [...path, sub.name()]);
}
