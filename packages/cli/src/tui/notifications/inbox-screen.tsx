import type { InboxEntry } from "@katale/domain";
import { Text, useInput } from "ink";
import { notificationCliMessages } from "../../notifications/notification-cli-messages.js";
import { inboxLine, inboxWhen } from "../../notifications/notification-render.js";
import { ItemList } from "../components/item-list.js";
import { ErrorLine, LoadedView } from "../components/status.js";
import type { Route } from "../navigation.js";
import { useScreenKeys, useTui } from "../tui-context.js";
import { tuiMessages } from "../tui-messages.js";
import { useInbox } from "./use-inbox.js";

const ITEM_PATH = /^\/item\/([^/?#]+)$/;

/** The terminal's screen for a web path the entry links: a product, a chat room; else null. */
export function routeOfUrl(url: string, title: string): Route | null {
  const item = ITEM_PATH.exec(url);
  if (item?.[1]) return { screen: "product", slug: decodeURIComponent(item[1]) };
  const link = new URL(url, "http://katale.invalid");
  const room = link.searchParams.get("room");
  if (link.pathname === "/account/chat-room" && room) return { screen: "chat-room", slug: room, title };
  return null;
}

/**
 * The inbox (n from anywhere): newest first, unread ones marked •; Enter marks the entry read and
 * opens what it is about when the terminal has it (a product, a chat room), else says its web
 * address; a marks all.
 */
export function InboxScreen() {
  const tui = useTui();
  const { width, height } = tui;
  const inbox = useInbox();
  useScreenKeys(inbox.signedIn ? [{ keys: "a", does: "mark all read" }] : []);
  useInput(
    (input) => {
      if (input === "a" && inbox.signedIn) void inbox.markAll();
    },
    { isActive: tui.active },
  );

  const openEntry = (entry: InboxEntry) => {
    void inbox.open(entry);
    const route = routeOfUrl(entry.url, entry.title);
    if (route) tui.open(route);
    else tui.say(notificationCliMessages.onTheWeb(entry.url));
  };

  if (!inbox.signedIn) return <Text>{tuiMessages.signInFor("your notifications")}</Text>;
  if (inbox.entries.length === 0) {
    if (inbox.failure !== null) return <ErrorLine text={inbox.failure} />;
    if (!inbox.done) return <LoadedView loaded={{ state: "loading" }}>{() => null}</LoadedView>;
    return <Text>{notificationCliMessages.empty}</Text>;
  }
  return (
    <ItemList
      width={width}
      height={height}
      onNearEnd={inbox.loadMore}
      {...(inbox.footer ? { footer: inbox.footer } : {})}
      rows={inbox.entries.map((entry) => ({
        key: String(entry.id),
        text: `${entry.read ? " " : "•"} ${inboxWhen(entry.createdAt)}  ${inboxLine(entry)}`,
        onOpen: () => openEntry(entry),
      }))}
    />
  );
}
