import {
  type InboxEntry,
  type InboxPage,
  isNotificationKind,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_KINDS,
  type NotificationChannel,
  type NotificationKind,
  type NotificationSettings,
  pageCount,
  type SettingChange,
} from "@katale/domain";
import { type Column, renderTable } from "../output/table.js";
import { lines } from "../output/text.js";
import { notificationCliMessages as text } from "./notification-cli-messages.js";

// Pure renderers and parsers of the notification commands.

/** The service's page size for the inbox. */
export const INBOX_PAGE_SIZE = 20;

/** "2026-11-28 14:05", in the terminal's time zone unless one is given (tests). */
export function inboxWhen(iso: string, timeZone?: string): string {
  const parts = new Intl.DateTimeFormat("en-CA", {
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    timeZone,
  }).formatToParts(new Date(iso));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${part("year")}-${part("month")}-${part("day")} ${part("hour")}:${part("minute")}`;
}

/** "Title — body", or the title alone. */
export function inboxLine(entry: Pick<InboxEntry, "title" | "body">): string {
  return entry.body === "" ? entry.title : `${entry.title} — ${entry.body}`;
}

const inboxColumns = (timeZone?: string): readonly Column<InboxEntry>[] => [
  { header: "Id", value: (n) => String(n.id), align: "right" },
  { header: "New", value: (n) => (n.read ? "" : "•") },
  { header: "When", value: (n) => inboxWhen(n.createdAt, timeZone) },
  { header: "Notification", value: inboxLine, shrink: true, minWidth: 16 },
];

/** `katale notifications`: the page as a table, the unread count, and the way to the next page. */
export function renderInbox(page: InboxPage, width: number, unreadOnly = false, timeZone?: string): string {
  if (page.count === 0) return lines(text.title(page.unread), "", unreadOnly ? text.emptyUnread : text.empty);
  return lines(
    text.title(page.unread),
    "",
    ...renderTable(inboxColumns(timeZone), page.items, width),
    "",
    text.pageLine(page.page, pageCount(page.count, INBOX_PAGE_SIZE), page.count, page.hasNext),
  );
}

/** `--json`: the page as the API shows it, in the API's key style. */
export function inboxJson(page: InboxPage) {
  return {
    count: page.count,
    page: page.page,
    hasNext: page.hasNext,
    hasPrevious: page.hasPrevious,
    unread: page.unread,
    results: page.items,
  };
}

/** `katale notifications settings`: the kinds down, the channels across. */
export function renderSettings(settings: NotificationSettings, width: number): string {
  const columns: Column<NotificationKind>[] = [
    { header: "Kind", value: (kind) => kind },
    ...NOTIFICATION_CHANNELS.map(
      (channel): Column<NotificationKind> => ({
        header: channel,
        value: (kind) => (settings[kind]?.[channel] ? text.on : text.off),
      }),
    ),
  ];
  return lines(text.settingsTitle, "", ...renderTable(columns, NOTIFICATION_KINDS, width));
}

const SETTING = /^([^.=\s]+)\.([^.=\s]+)=(.*)$/;

/** `--set KIND.CHANNEL=on|off` as a change, or the words of what is wrong with it. */
export function parseSettingChange(value: string): SettingChange | { readonly error: string } {
  const match = SETTING.exec(value.trim());
  if (!match) return { error: text.badSetting(value) };
  const [, kind = "", channel = "", state = ""] = match;
  if (!isNotificationKind(kind)) return { error: text.unknownKind(kind) };
  if (!(NOTIFICATION_CHANNELS as readonly string[]).includes(channel))
    return { error: text.unknownChannel(channel) };
  const on = state.toLowerCase();
  if (on !== "on" && on !== "off") return { error: text.badSetting(value) };
  return { kind, channel: channel as NotificationChannel, on: on === "on" };
}
