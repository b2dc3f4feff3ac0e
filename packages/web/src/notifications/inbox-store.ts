import type { LiveInbox } from "@katale/domain";
import { useCallback, useSyncExternalStore } from "react";

// The bell's live inbox, shared with the notifications page: the page reads its list again whenever
// the bell hears of a change, and marks read through it so the badge follows at once.

let current: LiveInbox | null = null;
const listeners = new Set<() => void>();

export function setCurrentInbox(inbox: LiveInbox | null): void {
  current = inbox;
  for (const listener of [...listeners]) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The live inbox while the bell is shown (null before it loads, and for visitors). */
export function useCurrentInbox(): LiveInbox | null {
  return useSyncExternalStore(subscribe, () => current);
}

/** Bumped whenever the bell hears of a change (0 while there is no bell). */
export function useInboxVersion(): number {
  const inbox = useCurrentInbox();
  const follow = useCallback((listener: () => void) => inbox?.subscribe(listener) ?? (() => {}), [inbox]);
  return useSyncExternalStore(follow, () => inbox?.getSnapshot().version ?? 0);
}
