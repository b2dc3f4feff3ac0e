import { Navigate, Outlet, useLocation } from "react-router";
import { useServices } from "../app/services-context.js";
import { rememberReturn } from "./return-url.js";

/** Every /account path needs a stored active user; otherwise it is /login, and back here after (spec §2). */
export function AccountGuard() {
  const { local, session } = useServices();
  const { pathname, search } = useLocation();
  if (local.get("activeUser") !== null) return <Outlet />;
  rememberReturn(session, `${pathname}${search}`);
  return <Navigate to="/login" replace />;
}
