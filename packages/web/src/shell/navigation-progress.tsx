import { firstScreenMessages as messages } from "@katale/domain";

/** A thin bar while the next screen's code loads (routes are lazy); the Suspense fallback of the shell. */
export function NavigationProgress() {
  return (
    <div
      role="progressbar"
      aria-label={messages.web.loading}
      className="fixed inset-x-0 top-0 z-50 h-1 overflow-hidden bg-brand-100"
    >
      <div className="h-full w-1/3 animate-pulse bg-brand-700" />
    </div>
  );
}
