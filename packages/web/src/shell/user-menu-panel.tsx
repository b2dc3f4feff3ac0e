import { messages, webAdminMessages } from "@katale/domain";
import { Link, useLocation } from "react-router";
import { useIsAdmin } from "../admin/use-admin.js";
import { withAuthPopup } from "../auth/auth-popup-host.js";
import { useLogout } from "../auth/use-logout.js";
import { useSession } from "../auth/use-session.js";
import { setDataSaver, useDataSaver } from "../pwa/data-saver.js";

/**
 * The open user menu's items, a chunk of its own loaded on the first open: the first screen does not
 * carry the admin link's words, the admin check or logout.
 */
export default function UserMenuPanel({ id, placement }: { id: string; placement: "down" | "up" }) {
  const session = useSession();
  const logout = useLogout();
  const location = useLocation();
  // Asked once the menu opens (users/me/), so the first screen sends nothing more.
  const isAdmin = useIsAdmin().data === true;
  const dataSaver = useDataSaver();
  const item = "block px-4 py-2 text-sm text-gray-800 hover:bg-brand-50 hover:text-brand-700";
  return (
    <div
      id={id}
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
  );
}
