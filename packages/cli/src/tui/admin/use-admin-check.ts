import { useEffect, useState } from "react";
import { adminCliMessages } from "../../admin/admin-cli-messages.js";
import { authCliMessages } from "../../auth/auth-cli-messages.js";
import { failureText } from "../failure-text.js";
import { useTui, useTuiServices } from "../tui-context.js";
import { tuiMessages } from "../tui-messages.js";

// Whether the signed-in user is an admin is asked of the auth service (users/me/) first.

export type AdminCheck =
  | { readonly state: "checking" }
  | { readonly state: "ok" }
  | { readonly state: "no"; readonly message: string };

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
