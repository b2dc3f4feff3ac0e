import type { ActiveUser } from "@katale/domain";
import { useCallback, useState } from "react";
import { useServices } from "../app/services-context.js";

/** The stored activeUser, and `refresh` to read it again after a step changed it (profile, picture, email). */
export function useActiveUser(): [ActiveUser | null, () => void] {
  const { local } = useServices();
  const [user, setUser] = useState(() => local.get("activeUser"));
  const refresh = useCallback(() => setUser(local.get("activeUser")), [local]);
  return [user, refresh];
}
