import {
  type InboxEntry,
  listNotifications,
  markNotificationsRead,
  ok,
  type Page,
  type Result,
} from "@katale/domain";
import { useCallback, useEffect, useRef, useState } from "react";
import { notificationCliMessages } from "../../notifications/notification-cli-messages.js";
import { useOnReturn, useTui, useTuiServices } from "../tui-context.js";
import { useFailureText } from "../use-failure-text.js";
import { infiniteFooter, useInfinite } from "../use-infinite.js";

const nothing: Page<InboxEntry> = { items: [], count: 0, page: 1, hasNext: false, hasPrevious: false };

/**
 * The inbox, 20 a page as the selection nears the end; `open` marks an entry read, `markAll` every
 * one. Each answer tells the shell the unread count for the header.
 */
export function useInbox() {
  const services = useTuiServices();
  const { say, session, setUnread } = useTui();
  const inbox = services.notifications;
  const describe = useFailureText();
  const signedIn = session !== null && inbox !== undefined;
  const [round, setRound] = useState(0);
  const [readNow, setReadNow] = useState<ReadonlySet<number>>(new Set());
  const reload = useCallback(() => {
    setReadNow(new Set());
    setRound((r) => r + 1);
  }, []);
  useOnReturn(reload);
  const { state, loadMore } = useInfinite<InboxEntry>(
    async (page): Promise<Result<Page<InboxEntry>>> => {
      if (!signedIn || inbox === undefined) return ok(nothing);
      const answer = await listNotifications(inbox, { page });
      if (answer.ok && page === 1) setUnread?.(answer.value.unread);
      return answer;
    },
    [inbox, signedIn, round],
  );
  const live = useRef(true);
  useEffect(
    () => () => {
      live.current = false;
    },
    [],
  );

  const open = async (entry: InboxEntry) => {
    if (!inbox || entry.read || readNow.has(entry.id)) return;
    const answer = await markNotificationsRead(inbox, [entry.id]);
    if (!live.current) return;
    if (!answer.ok) return say(describe(answer.error), "error");
    setReadNow((ids) => new Set([...ids, entry.id]));
    setUnread?.(answer.value);
  };

  const markAll = async () => {
    if (!inbox) return;
    const answer = await markNotificationsRead(inbox);
    if (!live.current) return;
    if (!answer.ok) return say(describe(answer.error), "error");
    setUnread?.(answer.value);
    say(notificationCliMessages.markedRead(answer.value));
    reload();
  };

  return {
    signedIn,
    entries: state.items.map((entry) => (readNow.has(entry.id) ? { ...entry, read: true } : entry)),
    failure: state.error ? describe(state.error) : null,
    done: state.done,
    footer: infiniteFooter(state, services.urls, notificationCliMessages.count),
    loadMore,
    open,
    markAll,
  };
}
