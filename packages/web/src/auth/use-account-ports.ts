import type { AuthGateway, KeyValueStorage } from "@katale/domain";
import { useServices } from "../app/services-context.js";

/** The ports every account step takes: the auth service and the local storage holding the session. */
export function useAccountPorts(): { auth: AuthGateway; storage: KeyValueStorage } {
  const { auth, local } = useServices();
  return { auth, storage: local };
}
