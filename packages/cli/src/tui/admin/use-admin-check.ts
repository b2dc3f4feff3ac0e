import { useEffect, useState } from "react";
import { adminCliMessages } from "../../admin/admin-cli-messages.js";
import { authCliMessages } from "../../auth/auth-cli-messages.js";
import type { CliServices } from "../../cli-services.js";
import { failureText } from "../failure-text.js";
import { type SessionView, useTui, useTuiServices } from "../tui-context.js";
import { tuiMessages } from "../tui-messages.js";

// Whether the signed-in user is an admin is asked of the auth service (users/me/) first.

export type AdminCheck =
  | { readonly state: "checking" }
  | { readonly state: "ok" }
  | { readonly state: "no"; readonly message: string };

/**
 * Whether the signed-in user is an admin (false while asking, when logged out or on any failure):
 * the Admin section is shown only to admins.
 */
export function useIsAdmin(services: CliServices, session: SessionView | null): boolean {
  const [isAdmin, setIsAdmin] = useState(false);
  useEffect(() => {
    setIsAdmin(false);
    const auth = services.account?.auth ?? services.admin?.auth;
    const token = services.account?.storage.get("token") ?? null;
    if (auth === undefined || session === null || token === null) return;
    let current = true;
    void auth.me(token).then((me) => {
      if (current) setIsAdmin(me.ok && me.value.isAdmin);
    });
    return () => {
      current = false;
    };
  }, [services, session]);
  return isAdmin;
}

export function useAdminCheck(): AdminCheck {
  const services = useTuiServices();
  const { session } = useTui();
  const [check, setCheck] = useState<AdminCheck>({ state: "checking" });
  useEffect(() => {
    const admin = services.admin;
    const token = admin?.storage.get("token") ?? null;
    if (admin === undefined || session === null || token === null)
      return setCheck({ state: "no", message: tuiMessages.signInFor("the admin's screens") });
    void admin.auth.me(token).then((me) => {
      if (me.ok)
        setCheck(me.value.isAdmin ? { state: "ok" } : { state: "no", message: adminCliMessages.adminNeeded });
      else if (me.error.kind === "network")
        setCheck({ state: "no", message: failureText({ kind: "network" }, services.urls, "auth") });
      else setCheck({ state: "no", message: authCliMessages.sessionEnded });
    });
  }, [services, session]);
  return check;
}
