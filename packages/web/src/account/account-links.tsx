import {
  findMessages,
  messages,
  reportingMessages,
  webAccountMessages,
  webAdminMessages,
} from "@katale/domain";
import {
  Bell,
  BellRing,
  Bookmark,
  ChevronRight,
  ClipboardCheck,
  Flag,
  History,
  LayoutGrid,
  LogOut,
  MessageSquareText,
  SearchCheck,
  Settings,
  ShieldCheck,
  Store,
  UserPen,
} from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { useIsAdmin } from "../admin/use-admin.js";
import { useLogout } from "../auth/use-logout.js";
import { accountLists } from "./account-sections.js";

const listIcons: Record<(typeof accountLists)[number]["id"], ReactNode> = {
  saved: <Bookmark aria-hidden="true" size={20} />,
  followed: <Store aria-hidden="true" size={20} />,
  reviews: <MessageSquareText aria-hidden="true" size={20} />,
  history: <History aria-hidden="true" size={20} />,
};

const row =
  "flex min-h-12 w-full items-center gap-3 px-4 py-2 text-left text-gray-800 hover:bg-brand-50 hover:text-brand-700";

function MenuLink({ to, icon, children }: { to: string; icon: ReactNode; children: ReactNode }) {
  return (
    <li>
      <Link to={to} className={row}>
        {icon}
        <span className="flex-1">{children}</span>
        <ChevronRight aria-hidden="true" size={18} className="text-gray-400" />
      </Link>
    </li>
  );
}

/**
 * The account menu: on a phone the lists too (spec §2 mobile menu); on wider screens the lists are
 * tabs beside it, so `withLists` is off there. Log out clears storage and goes to /login.
 */
export function AccountLinks({ withLists }: { withLists: boolean }) {
  const logout = useLogout();
  const isAdmin = useIsAdmin().data === true;
  const text = webAccountMessages;
  return (
    <nav aria-label={text.myAccount} className="rounded-2xl bg-white py-2 shadow-sm ring-1 ring-gray-200">
      <ul className="divide-y divide-gray-100">
        {withLists &&
          accountLists.map((list) => (
            <MenuLink key={list.id} to={list.path} icon={listIcons[list.id]}>
              {list.label}
            </MenuLink>
          ))}
        <MenuLink to="/account/saved-searches" icon={<SearchCheck aria-hidden="true" size={20} />}>
          {findMessages.savedSearches}
        </MenuLink>
        <MenuLink to="/account/verify-account" icon={<ShieldCheck aria-hidden="true" size={20} />}>
          {text.verifyAccount}
        </MenuLink>
        {isAdmin && (
          <>
            <MenuLink to="/account/manage" icon={<LayoutGrid aria-hidden="true" size={20} />}>
              {webAdminMessages.manageCatalogue}
            </MenuLink>
            <MenuLink to="/account/moderation" icon={<Flag aria-hidden="true" size={20} />}>
              {reportingMessages.moderation}
            </MenuLink>
            <MenuLink to="/account/request-view" icon={<ClipboardCheck aria-hidden="true" size={20} />}>
              {webAdminMessages.verificationRequests}
            </MenuLink>
          </>
        )}
        <MenuLink to="/account/update-user" icon={<UserPen aria-hidden="true" size={20} />}>
          {text.editProfile}
        </MenuLink>
        <MenuLink to="/account/account" icon={<Settings aria-hidden="true" size={20} />}>
          {text.accountSettings}
        </MenuLink>
        <MenuLink to="/account/notifications" icon={<Bell aria-hidden="true" size={20} />}>
          {messages.inbox.title}
        </MenuLink>
        <MenuLink to="/account/notification-settings" icon={<BellRing aria-hidden="true" size={20} />}>
          {messages.inbox.settingsLink}
        </MenuLink>
        <li>
          <button type="button" className={`${row} text-brand-700`} onClick={logout}>
            <LogOut aria-hidden="true" size={20} />
            <span className="flex-1">{messages.account.logOut}</span>
          </button>
        </li>
      </ul>
    </nav>
  );
}
