import { NotificationBell } from "../notifications/notification-bell.js";
import { Logo } from "./logo.js";
import { SearchBox } from "./search-box.js";

/**
 * At 768 px or narrower: logo, search box and, signed in, the bell (spec §2); the rest lives in the
 * bottom bar.
 */
export function HeaderMobile() {
  return (
    <header className="sticky top-0 z-30 border-b border-gray-200 bg-white md:hidden">
      <div className="flex h-16 items-center gap-3 px-3">
        <Logo />
        <SearchBox className="min-w-0 flex-1" />
        <NotificationBell />
      </div>
    </header>
  );
}
