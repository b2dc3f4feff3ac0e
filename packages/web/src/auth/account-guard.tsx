import { Navigate, Outlet, useLocation } from "react-router";
import { useReturnPath } from "./use-return-path.js";
import { useSession } from "./use-session.js";

/** Every /account path needs a stored active user; otherwise it is /login, and back here after (spec §2). */
export function AccountGuard() {
  const { activeUser } = useSession();
  const returnPath = useReturnPath();
  const { pathname, search } = useLocation();
  if (activeUser !== null) return <Outlet />;
  returnPath.remember(`${pathname}${search}`);
  return <Navigate to="/login" replace />;
}
