import type { ActiveUser } from "@katale/domain";
import { useServices } from "../app/services-context.js";

export interface Session {
  /** Logged in = the user name key is stored (spec §4). */
  readonly loggedIn: boolean;
  readonly activeUser: ActiveUser | null;
  readonly userId: number | null;
}

/** The signed-in state as local storage tells it. */
export function useSession(): Session {
  const { local } = useServices();
  return {
    loggedIn: local.get("loggedInUserName") !== null,
    activeUser: local.get("activeUser"),
    userId: local.get("userdid"),
  };
}
