import { PORTS, type Ports, type PortToken, portToken } from "@katale/domain";
import type { ResolutionContext } from "inversify";
import type { AdminCliServices } from "./admin/admin-services.js";
import type { AccountServices } from "./auth/account-services.js";
import type { Prompter } from "./auth/prompter.js";
import type { ChatServices } from "./chat/chat-services.js";
import type { ResolvedServiceUrls } from "./config/service-urls.js";
import type { EngagementServices } from "./engagement/engagement-services.js";
import type { FindServices } from "./find/find-services.js";
import type { ModerationCliServices } from "./moderation/moderation-services.js";
import type { NotificationServices } from "./notifications/notification-services.js";
import type { SellingServices } from "./selling/selling-services.js";
import type { SmokeTarget } from "./smoke/smoke-checks.js";

/**
 * What only the CLI binds, beside the domain's ports (`PORTS`): the terminal's own parts and each
 * feature's services, which the feature's container module builds from the ports on first use.
 */
export const CLI_TOKENS = {
  urls: portToken<ResolvedServiceUrls>("cli.ServiceUrls"),
  sessionFile: portToken<string>("cli.SessionFile"),
  prompter: portToken<Prompter>("cli.Prompter"),
  account: portToken<AccountServices>("cli.AccountServices"),
  engagement: portToken<EngagementServices>("cli.EngagementServices"),
  selling: portToken<SellingServices>("cli.SellingServices"),
  admin: portToken<AdminCliServices>("cli.AdminServices"),
  chat: portToken<ChatServices>("cli.ChatServices"),
  smoke: portToken<(timeoutMs: number) => SmokeTarget>("cli.Smoke"),
  find: portToken<FindServices>("cli.FindServices"),
  notifications: portToken<NotificationServices>("cli.NotificationServices"),
  moderation: portToken<ModerationCliServices>("cli.ModerationServices"),
} as const;

/** What resolves tokens: the container, or the context a dynamic value is built in. */
export type Resolver = Pick<ResolutionContext, "get">;

/** The value bound to `token`, typed by the token. */
export function resolve<T>(resolver: Resolver, token: PortToken<T>): T {
  return resolver.get<T>(token);
}

/** The named ports of the domain's `PORTS`, resolved: `portsFrom(context, ["chat", "shops"])`. */
export function portsFrom<K extends keyof Ports>(resolver: Resolver, names: readonly K[]): Pick<Ports, K> {
  return Object.fromEntries(names.map((name) => [name, resolver.get(PORTS[name])])) as Pick<Ports, K>;
}
