import type { KeyValueStorage } from "../session/key-value-storage.js";
import { toActiveUser } from "./active-user.js";
import type { Session } from "./auth-gateway.js";
import type { User } from "./user.js";

// What login keeps in storage (spec §3, §4): token, userdid, loggedInUserName (the email) and
// activeUser. Logged in means the user name key is present.

export function storeSession(storage: KeyValueStorage, session: Session): void {
  storage.set("token", session.token);
  storeUser(storage, session.user);
}

/** Keeps the stored user in step with what the service answered (profile, picture, email change). */
export function storeUser(storage: KeyValueStorage, user: User): void {
  storage.set("userdid", user.id);
  storage.set("loggedInUserName", user.email);
  storage.set("activeUser", toActiveUser(user));
}

export function isLoggedIn(storage: KeyValueStorage): boolean {
  return storage.get("loggedInUserName") !== null;
}
