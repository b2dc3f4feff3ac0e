import { NARROW_BREAKPOINT_PX } from "@katale/domain";
import { useSyncExternalStore } from "react";

/** The narrow layouts: 768 px wide or less (spec §4); Tailwind's `md` starts just above (index.css). */
export const NARROW_QUERY = `(max-width: ${NARROW_BREAKPOINT_PX}px)`;

/**
 * Whether the CSS media query matches now; follows it as the window changes. `unknown` answers when
 * there is no window to ask (server rendering).
 */
export function useMediaQuery(query: string, unknown = false): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener("change", onChange);
      return () => list.removeEventListener("change", onChange);
    },
    () => window.matchMedia(query).matches,
    () => unknown,
  );
}

/**
 * True at 768 px wide or narrower: carousels and grids show fewer items, the shell shows the mobile
 * header and the bottom bar. Wider is `!useNarrow()`, so exactly one of the two layouts applies.
 */
export function useNarrow(): boolean {
  return useMediaQuery(NARROW_QUERY, true);
}
