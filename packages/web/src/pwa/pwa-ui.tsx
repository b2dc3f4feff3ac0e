import { CONNECTIVITY_TOAST_MS, firstScreenMessages as messages } from "@katale/domain";
import { useQueryClient } from "@tanstack/react-query";
import { RefreshCw, WifiOff } from "lucide-react";
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from "react";
import { useLocation } from "react-router";
import { onSavedCopy, savedCopyTime } from "./saved-copy.js";

// Loaded after the first screen (deferred-pwa.tsx): registers the service worker, offers a new
// deploy's worker ("Update available", or takes it at the next navigation), and says when the page
// is a saved copy. Back online, the screen's data is asked for again.

/** How often, at most, a navigation within the app asks whether a new worker was deployed. */
const UPDATE_CHECK_MS = 60_000;

function savedWhen(time: number): string {
  return new Date(time).toLocaleString("en-GB", {
    day: "numeric",
    month: "short",
    hour: "2-digit",
    minute: "2-digit",
  });
}

/** The worker's registration, and the new worker waiting to take over (a newer deploy), if any. */
function useServiceWorker() {
  const [registration, setRegistration] = useState<ServiceWorkerRegistration | null>(null);
  const [waiting, setWaiting] = useState<ServiceWorker | null>(null);
  useEffect(() => {
    if (!("serviceWorker" in navigator)) return;
    let stopped = false;
    const container = navigator.serviceWorker;
    // The pages' JavaScript fetched before the worker took control, kept from the browser's cache.
    // One request a task: each call to fetch costs a slow phone's main thread a few milliseconds,
    // and the thirty or so of a first visit asked at once were one long task (issue 13).
    const adopt = () => {
      const urls = performance
        .getEntriesByType("resource")
        .map((entry) => new URL(entry.name))
        .filter((url) => url.origin === location.origin && url.pathname.startsWith("/assets/"));
      const next = () => {
        const url = urls.shift();
        if (url === undefined || stopped) return;
        void fetch(url).catch(() => {});
        setTimeout(next, 0);
      };
      next();
    };
    const hadController = container.controller !== null;
    container.addEventListener("controllerchange", () => {
      if (!hadController) adopt();
    });
    container
      .register("/sw.js")
      .then((found) => {
        if (stopped) return;
        setRegistration(found);
        const offer = (worker: ServiceWorker | null) => {
          if (worker !== null && container.controller !== null) setWaiting(worker);
        };
        if (found.waiting) offer(found.waiting);
        found.addEventListener("updatefound", () => {
          const installing = found.installing;
          installing?.addEventListener("statechange", () => {
            if (installing.state === "installed") offer(installing);
          });
        });
      })
      .catch(() => {
        // No worker (a browser without one, or a refusal): the app runs as a plain page.
      });
    return () => {
      stopped = true;
    };
  }, []);
  return { registration, waiting };
}

/**
 * The banner's height, as `--offline-banner-height` on the page (full-height screens, a chat room,
 * take it off), and `data-offline-banner` on it while shown: the floating connectivity toast hides
 * then (index.css), the banner says the change itself, stacked under its text.
 */
function useBannerHeight() {
  return useCallback((node: HTMLDivElement) => {
    const html = document.documentElement;
    const measure = () => html.style.setProperty("--offline-banner-height", `${node.offsetHeight}px`);
    measure();
    html.dataset.offlineBanner = "";
    const observer = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(measure);
    observer?.observe(node);
    return () => {
      observer?.disconnect();
      html.style.removeProperty("--offline-banner-height");
      delete html.dataset.offlineBanner;
    };
  }, []);
}

/** True for the toast's 3 s after `since` (each time the phone goes offline, and as the banner first shows). */
function useToastFor(since: number | null): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (since === null) return;
    setShown(true);
    const timer = setTimeout(() => setShown(false), CONNECTIVITY_TOAST_MS);
    return () => clearTimeout(timer);
  }, [since]);
  return shown;
}

function takeOver(worker: ServiceWorker) {
  navigator.serviceWorker.addEventListener("controllerchange", () => window.location.reload());
  worker.postMessage({ type: "SKIP_WAITING" });
}

function useOnline(): boolean {
  const [online, setOnline] = useState(() => navigator.onLine);
  useEffect(() => {
    const update = () => setOnline(navigator.onLine);
    window.addEventListener("online", update);
    window.addEventListener("offline", update);
    return () => {
      window.removeEventListener("online", update);
      window.removeEventListener("offline", update);
    };
  }, []);
  return online;
}

export default function PwaUi() {
  const { registration, waiting } = useServiceWorker();
  const online = useOnline();
  const client = useQueryClient();
  const { pathname } = useLocation();
  const lastCheck = useRef(Date.now());
  const firstPath = useRef(pathname);
  const [offlineSince, setOfflineSince] = useState<number | null>(null);

  // A new deploy's worker waiting: the next navigation within the app reloads into the new app.
  useEffect(() => {
    if (pathname === firstPath.current) return;
    firstPath.current = pathname;
    if (waiting !== null) takeOver(waiting);
    else if (registration !== null && Date.now() - lastCheck.current > UPDATE_CHECK_MS) {
      lastCheck.current = Date.now();
      void registration.update().catch(() => {});
    }
  }, [pathname, waiting, registration]);

  // Back online: the screen's answers are asked for again, so the page shows the live data.
  const wasOffline = useRef(!online);
  useEffect(() => {
    if (!online) {
      wasOffline.current = true;
      setOfflineSince((since) => since ?? Date.now());
      return;
    }
    setOfflineSince(null);
    if (wasOffline.current) {
      wasOffline.current = false;
      void client.invalidateQueries();
    }
  }, [online, client]);

  const savedAt = useSyncExternalStore(onSavedCopy, savedCopyTime);
  const saved = offlineSince === null ? null : savedAt;
  const bannerHeight = useBannerHeight();
  const toast = useToastFor(offlineSince);
  return (
    <>
      {offlineSince !== null && (
        <div
          ref={bannerHeight}
          role="status"
          className="border-b border-amber-300 bg-amber-50 text-amber-900"
        >
          {/* The connectivity toast beside the banner's text, or under it on a phone: never over it. */}
          <div className="page flex flex-wrap items-center gap-x-3 gap-y-1 py-2 text-sm">
            <p className="flex items-center gap-2">
              <WifiOff aria-hidden="true" size={16} className="shrink-0" />
              {saved === null ? messages.pwa.savedCopy : messages.pwa.savedCopyFrom(savedWhen(saved))}
            </p>
            {toast && (
              <p className="ml-auto flex items-center gap-2 rounded-lg bg-gray-800 px-3 py-1 font-medium text-white shadow-lg">
                <WifiOff aria-hidden="true" size={16} />
                {messages.common.offline}
              </p>
            )}
          </div>
        </div>
      )}
      {waiting !== null && (
        <div
          role="alert"
          className="fixed inset-x-3 bottom-20 z-50 mx-auto flex max-w-md items-center justify-between gap-3 rounded-xl bg-gray-900 px-4 py-3 text-sm text-white shadow-lg md:bottom-6"
        >
          <span>{messages.pwa.updateAvailable}</span>
          <button
            type="button"
            onClick={() => takeOver(waiting)}
            className="flex min-h-11 items-center gap-2 rounded-lg bg-white px-4 font-medium text-gray-900"
          >
            <RefreshCw aria-hidden="true" size={16} />
            {messages.pwa.reload}
          </button>
        </div>
      )}
    </>
  );
}
