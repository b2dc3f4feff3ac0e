import { firstScreenMessages as messages } from "@katale/domain";
import { Bell } from "lucide-react";
import { Suspense, useEffect, useState } from "react";
import { Link } from "react-router";
import { useSession } from "../auth/use-session.js";
import { lazyStyled } from "../ui/all-styles.js";

// The header's bell (signed-in users only). The first screen shows a plain link to the inbox; the
// live bell (its socket, the popover) loads at the browser's first idle moment after the page has
// loaded, so the first visit pays nothing for it.

const LiveBell = lazyStyled(() => import("./live-bell.js"));

/** The inbox link the bell starts as (and stays, should the live bell not load). */
export function BellLink() {
  return (
    <Link
      to="/account/notifications"
      className="icon-button"
      aria-label={messages.inbox.bell}
      title={messages.inbox.bell}
    >
      <Bell aria-hidden="true" size={22} />
    </Link>
  );
}

function useAfterFirstScreen(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let cancel = () => {};
    const idle = () => {
      if (typeof requestIdleCallback === "function") {
        const handle = requestIdleCallback(() => setReady(true), { timeout: 3000 });
        cancel = () => cancelIdleCallback(handle);
      } else {
        const timer = setTimeout(() => setReady(true), 1);
        cancel = () => clearTimeout(timer);
      }
    };
    if (document.readyState === "complete") idle();
    else window.addEventListener("load", idle, { once: true });
    return () => {
      window.removeEventListener("load", idle);
      cancel();
    };
  }, []);
  return ready;
}

export function NotificationBell() {
  const { loggedIn } = useSession();
  const ready = useAfterFirstScreen();
  if (!loggedIn) return null;
  if (!ready) return <BellLink />;
  return (
    <Suspense fallback={<BellLink />}>
      <LiveBell />
    </Suspense>
  );
}
