import { firstScreenMessages as messages } from "@katale/domain";

/** The loading splash of the home page. */
export function Splash() {
  return (
    <div role="status" className="flex min-h-[60vh] flex-col items-center justify-center gap-4">
      <img src="/favicon.svg" alt="" width={64} height={64} className="h-16 w-16 animate-pulse" />
      <span className="text-lg font-semibold text-brand-700">{messages.web.brand}</span>
      <span className="sr-only">{messages.web.loading}</span>
    </div>
  );
}
