import { messages } from "../messages.js";
import { err, ok, type Result } from "../result.js";
import type { KeyValueStorage } from "../session/key-value-storage.js";

// Saving, following, rating, reviewing and the history need a login (spec §5, §6): without a stored
// token the use case stops before calling anything and the client shows the login-needed popup.

/** What every engagement use case needs besides its gateways: the storage holding the session. */
export interface SessionPorts {
  readonly storage: KeyValueStorage;
}

const loginFirst = { kind: "unauthorized", message: messages.common.loginFirst } as const;

/** The stored token, or 'unauthorized' 'You need to login first'. */
export function signedInToken(storage: KeyValueStorage): Result<string> {
  const token = storage.get("token");
  return token === null ? err(loginFirst) : ok(token);
}

/** The stored user id (and token), or 'unauthorized' 'You need to login first'. */
export function signedInUser(storage: KeyValueStorage): Result<{ token: string; userId: number }> {
  const token = storage.get("token");
  const userId = storage.get("userdid");
  return token === null || userId === null ? err(loginFirst) : ok({ token, userId });
}
