import { messages, webAdminMessages } from "@katale/domain";
import { User } from "lucide-react";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import { useIsAdmin } from "../admin/use-admin.js";
import { withAuthPopup } from "../auth/auth-popup-host.js";
import { useLogout } from "../auth/use-logout.js";
import { useSession } from "../auth/use-session.js";
import { setDataSaver, useDataSaver } from "../pwa/data-saver.js";
import { useDismiss } from "../ui/use-dismiss.js";

/**
 * Logged out: Log In, Register (their popups over the page). Logged in: the user's name, Profile,
 * Logout (revokes the token, clears storage, spec §4).
 */
export function UserMenu({ placement = "down" }: { placement?: "down" | "up" }) {
  const session = useSession();
  const logout = useLogout();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setOpen(false), []);
  // Asked once the menu opens (users/me/), so the first screen sends nothing more.
  const isAdmin = useIsAdmin(open).data === true;
  const dataSaver = useDataSaver();

  // biome-ignore lint/correctness/useExhaustiveDependencies: closes on every navigation on purpose (a popup too)
  useEffect(() => setOpen(false), [location.key]);
  useDismiss(open, root, close);

  const item = "block px-4 py-2 text-sm text-gray-800 hover:bg-brand-50 hover:text-brand-700";
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
        <div
          id={menuId}
          className={`absolute right-0 z-40 w-44 rounded-xl border border-gray-200 bg-white py-2 shadow-lg ${placement === "up" ? "bottom-full mb-2" : "top-full mt-1"}`}
        >
          {session.loggedIn ? (
            <>
              <p className="truncate px-4 py-2 text-sm font-medium">{session.activeUser?.name}</p>
              <Link to="/account" className={item}>
                {messages.header.profile}
              </Link>
              {isAdmin && (
                <Link to="/account/manage" className={item}>
                  {webAdminMessages.admin}
                </Link>
              )}
              <button type="button" className={`${item} w-full text-left`} onClick={logout}>
                {messages.header.logout}
              </button>
            </>
          ) : (
            <>
              <Link to={withAuthPopup(location.pathname, location.search, "login")} className={item}>
                {messages.header.logIn}
              </Link>
              <Link to={withAuthPopup(location.pathname, location.search, "register")} className={item}>
                {messages.header.register}
              </Link>
            </>
          )}
          <button
            type="button"
            role="switch"
            aria-checked={dataSaver}
            onClick={() => setDataSaver(!dataSaver)}
            className={`${item} flex w-full items-center justify-between gap-2 border-t border-gray-100 text-left`}
          >
            {messages.pwa.dataSaver}
            <span
              aria-hidden="true"
              className={`relative h-5 w-9 shrink-0 rounded-full ${dataSaver ? "bg-brand-700" : "bg-gray-300"}`}
            >
              <span
                className={`absolute top-0.5 h-4 w-4 rounded-full bg-white shadow ${dataSaver ? "left-4.5" : "left-0.5"}`}
              />
            </span>
          </button>
        </div>
      )}
    </div>
  );
}
