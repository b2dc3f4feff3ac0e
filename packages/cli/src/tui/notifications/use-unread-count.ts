import { listNotifications } from "@katale/domain";
import { useEffect, useState } from "react";
import type { CliServices } from "../../cli-services.js";

/** How often the header asks again while nothing else does (a terminal has no push). */
export const UNREAD_POLL_MS = 60_000;

/**
 * The signed-in user's unread count for the header (null signed out or not known yet): asked when
 * the session or `moved` changes (the user went somewhere) and every minute; the inbox sets it as it
 * learns it.
 */
export function useUnreadCount(
  services: CliServices,
  signedIn: boolean,
  moved: string,
): [number | null, (unread: number) => void] {
  const [unread, setUnread] = useState<number | null>(null);
  const inbox = services.notifications;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `moved` is when to ask again
  useEffect(() => {
    if (!signedIn || inbox === undefined) {
      setUnread(null);
      return;
    }
    let current = true;
    const load = () =>
      void listNotifications(inbox, { unreadOnly: true }).then((answer) => {
        if (current && answer.ok) setUnread(answer.value.unread);
      });
    load();
    const timer = setInterval(load, UNREAD_POLL_MS);
    return () => {
      current = false;
      clearInterval(timer);
    };
  }, [inbox, signedIn, moved]);
  return [unread, setUnread];
}
