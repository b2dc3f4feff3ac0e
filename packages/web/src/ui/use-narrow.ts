import { NARROW_BREAKPOINT_PX } from "@katale/domain";
import { useSyncExternalStore } from "react";

const query = `(max-width: ${NARROW_BREAKPOINT_PX}px)`;

function subscribe(onChange: () => void): () => void {
  const list = window.matchMedia(query);
  list.addEventListener("change", onChange);
  return () => list.removeEventListener("change", onChange);
}

/** True at 768 px wide or narrower, where carousels and grids show fewer items (spec §4). */
export function useNarrow(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => true,
  );
}
