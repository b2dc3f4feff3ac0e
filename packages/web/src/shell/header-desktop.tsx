import { firstScreenMessages as messages } from "@katale/domain";
import { Heart, Store } from "lucide-react";
import { Link } from "react-router";
import { ChatButton } from "../chat/chat-popups.js";
import { NotificationBell } from "../notifications/notification-bell.js";
import { CategoryMenu } from "./category-menu.js";
import { Logo } from "./logo.js";
import { SearchBox } from "./search-box.js";
import { UserMenu } from "./user-menu.js";

/** Wider than 768 px: logo, Category dropdown, search, shops, chat, wishlist, the bell
 * (signed in), user menu (spec §2). */
export function HeaderDesktop() {
  return (
    <header className="sticky top-0 z-30 hidden border-b border-gray-200 bg-white md:block">
      <div className="page flex h-16 items-center gap-4">
        <Logo />
        <CategoryMenu />
        <SearchBox className="max-w-xl flex-1" />
        <nav aria-label={messages.web.account} className="ml-auto flex items-center gap-1">
          <Link
            to="/shops"
            className="icon-button"
            aria-label={messages.web.shops}
            title={messages.web.shops}
          >
            <Store aria-hidden="true" size={22} />
          </Link>
          <ChatButton className={() => "icon-button"} />
          <Link
            to="/account/wishlist"
            className="icon-button"
            aria-label={messages.web.wishlist}
            title={messages.web.wishlist}
          >
            <Heart aria-hidden="true" size={22} />
          </Link>
          <NotificationBell />
          <UserMenu />
        </nav>
      </div>
    </header>
  );
}
