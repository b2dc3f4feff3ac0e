import { firstScreenMessages as messages } from "../messages/first-screen.js";
import { err, ok, type Result, type WordedError } from "../result.js";
import type { KeyValueStorage } from "../session/key-value-storage.js";

// Every step that acts for the user (account, selling, admin, saving, following, rating, reviewing,
// chat, the history) needs a stored session (spec §4-§6): without a token it stops before calling
// anything with `not-logged-in`, and the client asks for a login.

/** What every signed-in use case needs besides its gateways: the storage holding the session. */
export interface SessionPorts {
  readonly storage: KeyValueStorage;
}

const loginFirst: WordedError = { kind: "not-logged-in", message: messages.common.loginFirst };

/** The stored token, or `not-logged-in` 'You need to login first'. */
export function signedInToken(storage: KeyValueStorage): Result<string, WordedError> {
  const token = storage.get("token");
  return token === null ? err(loginFirst) : ok(token);
}

/** The stored user id (and token), or `not-logged-in` 'You need to login first'. */
export function signedInUser(
  storage: KeyValueStorage,
): Result<{ token: string; userId: number }, WordedError> {
  const token = storage.get("token");
  const userId = storage.get("userdid");
  return token === null || userId === null ? err(loginFirst) : ok({ token, userId });
}
