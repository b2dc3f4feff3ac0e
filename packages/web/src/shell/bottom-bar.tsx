import { firstScreenMessages as messages } from "@katale/domain";
import { House, LayoutGrid, Store } from "lucide-react";
import type { ReactNode } from "react";
import { NavLink } from "react-router";
import { ChatButton } from "../chat/chat-popups.js";
import { UserMenu } from "./user-menu.js";

const barItem = (active: boolean) =>
  `flex min-h-12 flex-1 flex-col items-center justify-center text-xs ${active ? "text-brand-700" : "text-gray-600"}`;

function BarLink({ to, label, icon }: { to: string; label: string; icon: ReactNode }) {
  return (
    <NavLink to={to} end={to === "/"} className={({ isActive }) => barItem(isActive)}>
      {icon}
      <span>{label}</span>
    </NavLink>
  );
}

/** At 768 px or narrower: home, shops, categories, chat, user menu (spec §2). */
export function BottomBar() {
  return (
    <nav
      aria-label={messages.web.home}
      className="fixed inset-x-0 bottom-0 z-30 flex border-t border-gray-200 bg-white pb-[env(safe-area-inset-bottom)] md:hidden"
    >
      <BarLink to="/" label={messages.web.home} icon={<House aria-hidden="true" size={22} />} />
      <BarLink to="/shops" label={messages.web.shops} icon={<Store aria-hidden="true" size={22} />} />
      <BarLink
        to="/products"
        label={messages.web.categories}
        icon={<LayoutGrid aria-hidden="true" size={22} />}
      />
      <ChatButton className={barItem}>
        <span>{messages.chat.chats}</span>
      </ChatButton>
      <div className="flex flex-1 items-center justify-center">
        <UserMenu placement="up" />
      </div>
    </nav>
  );
}
