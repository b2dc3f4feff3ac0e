import { type ReactNode, Suspense, useEffect, useRef, useState } from "react";
import { useDataSaver } from "../pwa/data-saver.js";

/**
 * Renders `children` only once the spot comes near the viewport (within `margin`, by default 200 px
 * below it), and keeps rendering them after. Until then `placeholder` holds the room, so what
 * follows does not move when the content arrives. Content far below the first screen then costs
 * a phone neither its requests nor its rendering while the page starts. Content whose code loads
 * lazily keeps the placeholder until its code is there too.
 */
export function WhenNear({
  children,
  placeholder,
  margin = "0px 0px 200px 0px",
  orWhenIdle = false,
}: {
  children: ReactNode;
  placeholder: ReactNode;
  margin?: string;
  /** Also render at the browser's first idle moment: soon, but in a task of its own. */
  orWhenIdle?: boolean;
}) {
  const [near, setNear] = useState(() => typeof IntersectionObserver === "undefined");
  // Data saver: only what comes on screen, nothing ahead of it and nothing at idle.
  const saver = useDataSaver();
  const idleToo = orWhenIdle && !saver;
  const rootMargin = saver ? "0px" : margin;
  const marker = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (near || !idleToo) return;
    if (typeof requestIdleCallback === "function") {
      const handle = requestIdleCallback(() => setNear(true));
      return () => cancelIdleCallback(handle);
    }
    const timer = setTimeout(() => setNear(true), 1);
    return () => clearTimeout(timer);
  }, [near, idleToo]);
  useEffect(() => {
    const target = marker.current;
    if (near || target === null) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          setNear(true);
        }
      },
      { rootMargin },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [near, rootMargin]);
  if (near) return <Suspense fallback={placeholder}>{children}</Suspense>;
  return <div ref={marker}>{placeholder}</div>;
}
