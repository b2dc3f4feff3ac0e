import { lazy, Suspense, useEffect, useState } from "react";

// The worker's registration and the offline and update notices load after the first screen (the
// shell mounts with it) at the browser's first idle moment after the page's load event, or a few
// seconds on at the latest (a page whose last picture never arrives): not part of what `/` costs.
const PwaUi = lazy(() => import("./pwa-ui.js"));

/** The latest the notices wait for the page's load event. */
const LOAD_WAIT_MS = 3000;

export function DeferredPwa() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let idle: number | undefined;
    let started = false;
    const start = () => {
      if (started) return;
      started = true;
      if (typeof requestIdleCallback === "function")
        idle = requestIdleCallback(() => setReady(true), { timeout: LOAD_WAIT_MS });
      else setReady(true);
    };
    const timer = setTimeout(start, LOAD_WAIT_MS);
    if (document.readyState === "complete") start();
    else window.addEventListener("load", start, { once: true });
    return () => {
      started = true;
      clearTimeout(timer);
      window.removeEventListener("load", start);
      if (idle !== undefined) cancelIdleCallback(idle);
    };
  }, []);
  if (!ready) return null;
  return (
    <Suspense fallback={null}>
      <PwaUi />
    </Suspense>
  );
}
