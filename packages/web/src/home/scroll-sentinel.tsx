import { useEffect, useRef } from "react";
import { useDataSaver } from "../pwa/data-saver.js";

/**
 * Calls onVisible when it scrolls into view (a screen ahead, so the next page is there in time).
 * `version` changes after each page: a fresh observer reports again if the sentinel is still visible
 * because the page was short.
 */
export function ScrollSentinel({
  onVisible,
  version,
  disabled,
}: {
  onVisible: () => void;
  version: number;
  disabled: boolean;
}) {
  const element = useRef<HTMLDivElement>(null);
  // Data saver: the next page when the end of this one is on screen, not a screen ahead.
  const rootMargin = useDataSaver() ? "0px" : "0px 0px 600px 0px";
  // biome-ignore lint/correctness/useExhaustiveDependencies: version re-arms the observer on purpose
  useEffect(() => {
    const target = element.current;
    if (disabled || target === null || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      (entries) => entries.some((e) => e.isIntersecting) && onVisible(),
      { rootMargin },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [onVisible, version, disabled, rootMargin]);
  return <div ref={element} aria-hidden="true" className="h-px" />;
}
