import type { Result } from "@katale/domain";
import { useEffect } from "react";
import { showSavedCopy } from "../pwa/saved-copy.js";

// One fallback for the chat's reads (the chat list, a room) on a bad network: the answer shown stays;
// on the first read offline (a reload) the copy the phone kept is shown, with when it was saved.

/** A chat read as shown: `savedAt` when it is the copy kept on the phone (offline), saved then. */
export type SavedAnswer<T> = Result<T> & { readonly savedAt?: number };

/** A copy the phone kept, and when it was saved (ms since the epoch). */
export interface KeptCopy<T> {
  readonly value: T;
  readonly savedAt: number;
}

/**
 * What a read shows: the service's answer when it has one (a refusal too); on a network error the
 * answer already shown, else the phone's copy (`kept`, if any), else the network error.
 */
export async function orSavedCopy<T>(
  answer: Result<T>,
  shown: SavedAnswer<T> | undefined,
  kept: () => Promise<KeptCopy<T> | undefined>,
): Promise<SavedAnswer<T>> {
  if (answer.ok || answer.error.kind !== "network") return answer;
  if (shown?.ok) return shown;
  const copy = await kept().catch(() => undefined);
  return copy === undefined ? answer : { ok: true, value: copy.value, savedAt: copy.savedAt };
}

/** While the screen shows the phone's copy (saved at `savedAt`), the offline banner says when it was saved. */
export function useSavedCopyBanner(savedAt: number | undefined): void {
  useEffect(() => (savedAt === undefined ? undefined : showSavedCopy(savedAt)), [savedAt]);
}
