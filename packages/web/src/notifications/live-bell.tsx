import { type InboxEntry, LiveInbox, type LiveInboxSnapshot, messages } from "@katale/domain";
import { Bell } from "lucide-react";
import { useCallback, useEffect, useId, useRef, useState, useSyncExternalStore } from "react";
import { Link, useLocation } from "react-router";
import { useServices } from "../app/services-context.js";
import { SESSION_END } from "../auth/session-end.js";
import { Spinner } from "../ui/spinner.js";
import { useDismiss } from "../ui/use-dismiss.js";
import { InboxEntryLink } from "./inbox-entry.js";
import { setCurrentInbox } from "./inbox-store.js";

// The live bell: the unread count on a badge, kept live by the user's notification socket
// (LiveInbox), and a popover of the latest ten; opening an entry marks it read and goes to its page.

const noSnapshot: LiveInboxSnapshot = {
  connection: "connecting",
  unread: null,
  latest: null,
  failed: false,
  version: 0,
};
const noSubscription = () => () => {};

function useLiveInbox(): LiveInbox | null {
  const { notifications, notificationSockets, local, clock, timers } = useServices();
  const token = local.get("token");
  const [inbox, setInbox] = useState<LiveInbox | null>(null);
  useEffect(() => {
    if (token === null) return;
    const opened = LiveInbox.open(
      {
        notifications,
        sockets: notificationSockets,
        clock: { now: () => clock.now(), after: (ms, fn) => timers.after(ms, fn) },
      },
      token,
    );
    setInbox(opened);
    setCurrentInbox(opened);
    // Logout: no attempt or read more with the token it revokes.
    const end = () => opened.close();
    window.addEventListener(SESSION_END, end);
    return () => {
      window.removeEventListener(SESSION_END, end);
      opened.close();
      setCurrentInbox(null);
      setInbox(null);
    };
  }, [token, notifications, notificationSockets, clock, timers]);
  return inbox;
}

/** "99+" past 99. */
const badgeText = (count: number) => (count > 99 ? "99+" : String(count));

export default function LiveBell() {
  const inbox = useLiveInbox();
  const snapshot = useSyncExternalStore(
    inbox?.subscribe ?? noSubscription,
    inbox?.getSnapshot ?? (() => noSnapshot),
  );
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const popoverId = useId();
  const headingId = useId();
  const close = useCallback(() => setOpen(false), []);
  const closeAndFocus = useCallback(() => {
    setOpen(false);
    button.current?.focus();
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: closes on every navigation on purpose
  useEffect(() => setOpen(false), [location.key]);
  useDismiss(open, root, closeAndFocus);

  const unread = snapshot.unread ?? 0;
  const label = unread > 0 ? messages.inbox.bellUnread(unread) : messages.inbox.bell;
  const opened = (entry: InboxEntry) => {
    if (!entry.read) void inbox?.markRead([entry.id]);
    close();
  };

  return (
    <div ref={root} className="relative">
      <button
        ref={button}
        type="button"
        aria-label={label}
        title={label}
        aria-expanded={open}
        aria-controls={popoverId}
        onClick={() => {
          if (!open) void inbox?.refresh();
          setOpen((o) => !o);
        }}
        className="icon-button relative"
      >
        <Bell aria-hidden="true" size={22} />
        {unread > 0 && (
          <span
            aria-hidden="true"
            data-testid="bell-badge"
            className="absolute top-1 right-1 min-w-5 rounded-full bg-brand-600 px-1 text-center text-[11px] leading-5 font-semibold text-white"
          >
            {badgeText(unread)}
          </span>
        )}
      </button>
      {/* The count read out when it changes, without moving focus. */}
      <span className="sr-only" role="status">
        {snapshot.unread === null ? "" : label}
      </span>
      {open && (
        <section
          id={popoverId}
          aria-labelledby={headingId}
          className="fixed inset-x-2 top-16 z-40 max-h-[75vh] overflow-y-auto rounded-xl border border-gray-200 bg-white shadow-lg sm:absolute sm:inset-x-auto sm:top-full sm:right-0 sm:mt-1 sm:w-96"
        >
          <div className="flex items-center justify-between gap-2 border-b border-gray-100 px-4 py-2">
            <h2 id={headingId} className="font-semibold text-gray-900">
              {messages.inbox.title}
            </h2>
            <button
              type="button"
              className="min-h-11 rounded-lg px-2 text-sm font-medium text-brand-700 hover:bg-brand-50 disabled:text-gray-400"
              disabled={unread === 0}
              onClick={() => void inbox?.markRead()}
            >
              {messages.inbox.markAllRead}
            </button>
          </div>
          <Latest snapshot={snapshot} onOpen={opened} onRetry={() => void inbox?.refresh()} />
          <Link
            to="/account/notifications"
            className="block border-t border-gray-100 px-4 py-3 text-center text-sm font-medium text-brand-700 hover:bg-brand-50"
          >
            {messages.inbox.seeAll}
          </Link>
        </section>
      )}
    </div>
  );
}

function Latest({
  snapshot,
  onOpen,
  onRetry,
}: {
  snapshot: LiveInboxSnapshot;
  onOpen: (entry: InboxEntry) => void;
  onRetry: () => void;
}) {
  if (snapshot.latest === null) {
    if (snapshot.failed)
      return (
        <div role="alert" className="px-4 py-6 text-center text-sm text-gray-700">
          <p>{messages.inbox.loadFailed}</p>
          <button type="button" className="btn-secondary mt-2" onClick={onRetry}>
            {messages.web.retry}
          </button>
        </div>
      );
    return (
      <div className="flex justify-center py-6">
        <Spinner />
      </div>
    );
  }
  if (snapshot.latest.length === 0)
    return <p className="px-4 py-6 text-center text-sm text-gray-600">{messages.inbox.empty}</p>;
  return (
    <ul className="divide-y divide-gray-100">
      {snapshot.latest.map((entry) => (
        <li key={entry.id}>
          <InboxEntryLink entry={entry} onOpen={onOpen} />
        </li>
      ))}
    </ul>
  );
}
