import { useSyncExternalStore } from "react";

// Tailwind's md breakpoint: the desktop header from here, the mobile header and bottom bar below.
const query = "(min-width: 768px)";

function subscribe(onChange: () => void): () => void {
  const list = window.matchMedia(query);
  list.addEventListener("change", onChange);
  return () => list.removeEventListener("change", onChange);
}

/** True from 768 px wide, where the shell shows the desktop header instead of the mobile one. */
export function useWide(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}
