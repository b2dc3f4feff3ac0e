import { signedInToken } from "../engagement/signed-in.js";
import { messages } from "../messages.js";
import { err, ok, type Result, type WordedError } from "../result.js";
import type { AccountPorts } from "./account-ports.js";
import { authFailure } from "./auth-failure.js";
import type { CurrentUser } from "./auth-gateway.js";
import { storeUser } from "./stored-session.js";

/**
 * Who the stored token belongs to, as the service knows them now; refreshes the stored user. A
 * refused token means the session has ended elsewhere (logout, account deleted): the stale session
 * is cleared so this device no longer looks logged in.
 */
export async function loadCurrentUser(ports: AccountPorts<"me">): Promise<Result<CurrentUser, WordedError>> {
  const token = signedInToken(ports.storage);
  if (!token.ok) return token;
  const answer = await ports.auth.me(token.value);
  if (!answer.ok) {
    if (answer.error.kind === "unauthorized") ports.storage.clear();
    return err(authFailure(answer.error, { otherwise: messages.common.checkConnection }));
  }
  storeUser(ports.storage, answer.value.user);
  return ok(answer.value);
}
