import { messages } from "../messages.js";
import type { AccountPorts } from "./account-ports.js";
import { type Done, done } from "./auth-failure.js";

/**
 * Asks the service to revoke the token, then clears all storage (spec §4) whatever the service
 * answered: being offline must not keep anyone logged in on this device. `revoked` says whether the
 * service confirmed.
 */
export async function logout(ports: AccountPorts<"logout">): Promise<Done<{ readonly revoked: boolean }>> {
  const token = ports.storage.get("token");
  const answer = token === null ? null : await ports.auth.logout(token);
  ports.storage.clear();
  return done(messages.auth.loggedOut, { revoked: answer?.ok === true });
}
