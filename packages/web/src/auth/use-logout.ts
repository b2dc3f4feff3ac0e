import { logout } from "@katale/domain";
import { useNavigate } from "react-router";
import { useServices } from "../app/services-context.js";

/** Logout (user menu, account menu): the token is revoked, all storage cleared, then /login (spec §4). */
export function useLogout(): () => Promise<void> {
  const { auth, local } = useServices();
  const navigate = useNavigate();
  return async () => {
    await logout({ auth, storage: local });
    navigate("/login");
  };
}
