import { signedInToken } from "../engagement/signed-in.js";
import { findMessages } from "../messages/find.js";
import { messages } from "../messages.js";
import { err, ok, type Result, type WordedError } from "../result.js";
import type { KeyValueStorage } from "../session/key-value-storage.js";
import type { ProductFinder, SavedSearch } from "./product-finder.js";

// A user's saved searches: a name and a browse query string each. Without a session the steps stop
// with `not-logged-in` before calling anything, and the client asks for a login.

export interface SavedSearchPorts<K extends keyof ProductFinder = keyof ProductFinder> {
  readonly finder: Pick<ProductFinder, K>;
  readonly storage: KeyValueStorage;
}

/** The longest name a saved search takes. */
export const SAVED_SEARCH_NAME_MAX = 100;

const text = findMessages;

function worded(error: { kind: string; message?: string }, otherwise: string): WordedError {
  if (error.kind === "network") return { kind: "network", message: messages.common.checkConnection };
  if (error.kind === "unauthorized" || error.kind === "not-logged-in")
    return { kind: "not-logged-in", message: messages.common.loginFirst };
  return { kind: "server", message: otherwise };
}

/** Saves `query` (a browse query string) as `name`: 'Search saved'. */
export async function saveSearch(
  ports: SavedSearchPorts<"saveSearch">,
  name: string,
  query: string,
): Promise<Result<SavedSearch, WordedError>> {
  const trimmed = name.trim();
  if (trimmed === "" || trimmed.length > SAVED_SEARCH_NAME_MAX)
    return err({ kind: "invalid-form", message: text.nameRequired, fields: { name: text.nameRequired } });
  const token = signedInToken(ports.storage);
  if (!token.ok) return token;
  const saved = await ports.finder.saveSearch(token.value, trimmed, query);
  if (saved.ok) return saved;
  // At most 20 a user: the only refusal of a good name (400 too_many_saved_searches).
  if (saved.error.kind === "invalid") return err({ kind: "invalid", message: text.tooManySaved });
  return err(worded(saved.error, text.saveFailed));
}

/** The user's saved searches, newest first. */
export async function listSavedSearches(
  ports: SavedSearchPorts<"listSavedSearches">,
): Promise<Result<SavedSearch[], WordedError>> {
  const token = signedInToken(ports.storage);
  if (!token.ok) return token;
  const list = await ports.finder.listSavedSearches(token.value);
  return list.ok ? list : err(worded(list.error, text.loadFailed));
}

/** Deletes one; one already gone counts as deleted. */
export async function deleteSavedSearch(
  ports: SavedSearchPorts<"deleteSavedSearch">,
  id: number,
): Promise<Result<void, WordedError>> {
  const token = signedInToken(ports.storage);
  if (!token.ok) return token;
  const deleted = await ports.finder.deleteSavedSearch(token.value, id);
  if (deleted.ok || deleted.error.kind === "not-found") return ok(undefined);
  return err(worded(deleted.error, text.deleteFailed));
}
