import {
  changeNotificationSettings,
  listNotifications,
  loadNotificationSettings,
  markNotificationsRead,
  type Result,
  type SettingChange,
} from "@katale/domain";
import type { Command } from "commander";
import { CliFailure } from "../cli-failure.js";
import { cliMessages } from "../cli-messages.js";
import { parsePageNumber } from "../config/option-parsers.js";
import type { Invocation, Invoke } from "../invocation.js";
import { notificationCliMessages as text } from "./notification-cli-messages.js";
import { inboxJson, parseSettingChange, renderInbox, renderSettings } from "./notification-render.js";
import type { NotificationServices } from "./notification-services.js";

const ID = /^\d+$/;

/** `katale notifications [read|settings]`: thin actions over the domain's inbox use cases. */
export function registerNotificationCommands(program: Command, invoke: Invoke): void {
  const notifications = program
    .command("notifications")
    .description("your notifications, newest first, 20 a page; mark them read; choose channels")
    .option("--unread", "only the unread ones")
    .option("--page <n>", "page to show", parsePageNumber, 1)
    .action(async (options: { unread?: boolean; page: number }, command: Command) => {
      const run = invoke(command);
      const unreadOnly = options.unread === true;
      const page = signedIn(
        run,
        await listNotifications(servicesOf(run), { page: options.page, unreadOnly }),
        options.page,
      );
      run.show(page, (p, width) => renderInbox(p, width, unreadOnly), inboxJson);
    });

  notifications
    .command("read")
    .description("mark notifications read: the ids given, or all of them with --all")
    .argument("[ids...]", "the notifications' ids (see katale notifications)")
    .option("--all", "mark every notification read")
    .action(async (ids: string[], options: { all?: boolean }, command: Command) => {
      const run = invoke(command);
      if (options.all && ids.length > 0) return run.usageError(text.idsAndAll);
      if (!options.all && ids.length === 0) return run.usageError(text.idsOrAll);
      const bad = ids.find((id) => !ID.test(id) || Number(id) < 1 || !Number.isSafeInteger(Number(id)));
      if (bad !== undefined) return run.usageError(text.badId(bad));
      const unread = signedIn(run, await markNotificationsRead(servicesOf(run), ids.map(Number)));
      run.show({ unread }, (r) => `${text.markedRead(r.unread)}\n`);
    });

  notifications
    .command("settings")
    .description("the channels (inbox, email, push) of each kind of notification; change them with --set")
    .option(
      "--set <kind.channel=on|off>",
      "turn a kind's channel on or off, e.g. new_follower.push=on (repeatable)",
      (value: string, previous: string[] = []) => [...previous, value],
    )
    .action(async (options: { set?: string[] }, command: Command) => {
      const run = invoke(command);
      const changes: SettingChange[] = [];
      for (const value of options.set ?? []) {
        const change = parseSettingChange(value);
        if ("error" in change) return run.usageError(change.error);
        changes.push(change);
      }
      const services = servicesOf(run);
      const settings = signedIn(
        run,
        changes.length === 0
          ? await loadNotificationSettings(services)
          : await changeNotificationSettings(services, changes),
      );
      run.show(settings, renderSettings, (s) => ({ settings: s }));
    });
}

function servicesOf(run: Invocation): NotificationServices {
  const services = run.services.notifications;
  if (services === undefined)
    throw new CliFailure(cliMessages.unexpected("notification services are not configured"));
  return services;
}

/** The value of a signed-in call; without a stored session the login hint, other failures as usual. */
function signedIn<T>(run: Invocation, result: Result<T>, page?: number): T {
  if (!result.ok && result.error.kind === "not-logged-in") throw new CliFailure(text.loginFirst);
  if (!result.ok && result.error.kind === "invalid-page" && page !== undefined)
    throw new CliFailure(text.pastLastPage(page));
  return run.unwrap(result, { notFound: text.notFound });
}
