import { firstScreenMessages as messages } from "@katale/domain";
import { User } from "lucide-react";
import { Suspense, useCallback, useEffect, useId, useRef, useState } from "react";
import { useLocation } from "react-router";
import { lazyOrNothing } from "../ui/lazy-or-nothing.js";
import { useDismiss } from "../ui/use-dismiss.js";

const UserMenuPanel = lazyOrNothing(async () => (await import("./user-menu-panel.js")).default);

/**
 * Logged out: Log In, Register (their popups over the page). Logged in: the user's name, Profile,
 * Logout (revokes the token, clears storage, spec §4). Both with the data saver switch. The items
 * load on the first open (user-menu-panel.tsx).
 */
export function UserMenu({ placement = "down" }: { placement?: "down" | "up" }) {
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setOpen(false), []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: closes on every navigation on purpose (a popup too)
  useEffect(() => setOpen(false), [location.key]);
  useDismiss(open, root, close);

  return (
    <div ref={root} className="relative">
      <button
        type="button"
        aria-label={messages.web.userMenu}
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((o) => !o)}
        className="icon-button flex-col"
      >
        <User aria-hidden="true" size={22} />
      </button>
      {open && (
        <Suspense fallback={null}>
          <UserMenuPanel id={menuId} placement={placement} />
        </Suspense>
      )}
    </div>
  );
}
