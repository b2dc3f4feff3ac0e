import { loadCurrentUser } from "@katale/domain";
import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { Navigate } from "react-router";
import { useAccountPorts } from "../auth/use-account-ports.js";
import { useNarrow } from "../ui/use-media-query.js";
import { AccountLinks } from "./account-links.js";
import { AccountTabs } from "./account-tabs.js";
import { AvatarPanel } from "./avatar-panel.js";
import { useActiveUser } from "./use-active-user.js";

/**
 * /account: the avatar-edit panel; on a phone the menu of spec §2 (lists, verify account, log out),
 * on wider screens the tabs Saved items, Followed shops, Your reviews, Browse history beside it.
 */
export default function AccountPage() {
  const ports = useAccountPorts();
  const [user, refresh] = useActiveUser();
  const narrow = useNarrow();
  // Refresh the stored user from the service; a refused token has cleared the session.
  const current = useQuery({ queryKey: ["current-user"], queryFn: () => loadCurrentUser(ports) }).data;
  useEffect(() => {
    if (current !== undefined) refresh();
  }, [current, refresh]);

  if (user === null) return <Navigate to="/login" replace />;
  return (
    <div
      className={`page grid gap-5 py-4 sm:py-6 ${narrow ? "max-w-xl" : "grid-cols-[18rem_1fr] items-start"}`}
    >
      <div className="flex flex-col gap-5">
        <AvatarPanel user={user} onChanged={refresh} />
        <AccountLinks withLists={narrow} />
      </div>
      {!narrow && <AccountTabs />}
    </div>
  );
}
