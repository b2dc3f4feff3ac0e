import { firstScreenMessages as messages } from "@katale/domain";
import { Suspense } from "react";
import { Outlet, useLocation } from "react-router";
import { RouteErrorBoundary } from "../app/route-error-boundary.js";
import { AuthPopupHost } from "../auth/auth-popup-host.js";
import { LoginPromptProvider } from "../auth/login-prompt-context.js";
import { ChatPopupHost } from "../chat/chat-popups.js";
import { DeferredPwa } from "../pwa/deferred-pwa.js";
import { lazyOrNothing } from "../ui/lazy-or-nothing.js";
import { NoticeProvider } from "../ui/notices.js";
import { useNarrow } from "../ui/use-media-query.js";
import { WhenNear } from "../ui/when-near.js";
import { BottomBar } from "./bottom-bar.js";
import { ConnectivityToast } from "./connectivity-toast.js";
import { HeaderDesktop } from "./header-desktop.js";
import { HeaderMobile } from "./header-mobile.js";
import { NavigationProgress } from "./navigation-progress.js";
import { ScrollToTop } from "./scroll-to-top.js";

// The footer is below every first screen (main is at least a screen tall): its code is a chunk of its
// own, rendered at the first idle moment, or with data saver only when the reader comes near it.
const Footer = lazyOrNothing(async () => (await import("./footer.js")).Footer);
const footerRoom = <div aria-hidden="true" className="mt-12 min-h-96 bg-gray-900" />;

/** The frame around every screen. */
export function Shell() {
  const { pathname } = useLocation();
  const narrow = useNarrow();
  return (
    <LoginPromptProvider>
      <NoticeProvider>
        <div className="flex min-h-screen flex-col">
          {/* The first stop of the Tab key: past the header's links, straight to the screen. */}
          <a
            href="#main"
            className="fixed top-2 left-2 z-50 -translate-y-24 rounded-lg bg-white px-4 py-3 font-medium text-brand-700 shadow-lg focus:translate-y-0"
          >
            {messages.web.skipToContent}
          </a>
          <ConnectivityToast />
          {/* Only the header the screen shows is rendered (their CSS hides the other one too). */}
          {narrow ? <HeaderMobile /> : <HeaderDesktop />}
          {/* The worker, and the saved-copy and update notices: after the first screen. */}
          <DeferredPwa />
          {/* At least a screen tall: the footer starts below the fold and never jumps while a page loads. */}
          <main id="main" tabIndex={-1} className="min-h-screen flex-1 outline-none">
            <RouteErrorBoundary resetKey={pathname}>
              <Suspense fallback={<NavigationProgress />}>
                <Outlet />
              </Suspense>
            </RouteErrorBoundary>
          </main>
          <WhenNear orWhenIdle placeholder={footerRoom}>
            <Footer />
          </WhenNear>
          {narrow && <BottomBar />}
        </div>
        <AuthPopupHost />
        <ChatPopupHost />
        <ScrollToTop />
      </NoticeProvider>
    </LoginPromptProvider>
  );
}
