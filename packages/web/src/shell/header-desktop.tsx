import { messages } from "@katale/domain";
import { ChevronDown, Heart, Store } from "lucide-react";
import { lazy, Suspense } from "react";
import { Link } from "react-router";
import { ChatButton } from "../chat/chat-popups.js";
import { NotificationBell } from "../notifications/notification-bell.js";
import { Logo } from "./logo.js";
import { SearchBox } from "./search-box.js";
import { UserMenu } from "./user-menu.js";

// Only this header (wider screens) has the category menu: a phone's first visit does not download it.
const CategoryMenu = lazy(() => import("./category-menu.js").then((m) => ({ default: m.CategoryMenu })));

/** The menu's button as it looks, until the menu's code is there. */
function CategoryMenuButton() {
  return (
    <button
      type="button"
      aria-expanded={false}
      className="flex h-11 items-center gap-1 rounded-lg px-3 font-medium text-gray-800 hover:bg-gray-100"
    >
      {messages.header.category}
      <ChevronDown aria-hidden="true" size={18} />
    </button>
  );
}

/** Wider than 768 px: logo, Category dropdown, search, shops, chat, wishlist, the bell
 * (signed in), user menu (spec §2). */
export function HeaderDesktop() {
  return (
    <header className="sticky top-0 z-30 hidden border-b border-gray-200 bg-white md:block">
      <div className="page flex h-16 items-center gap-4">
        <Logo />
        <Suspense fallback={<CategoryMenuButton />}>
          <CategoryMenu />
        </Suspense>
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
