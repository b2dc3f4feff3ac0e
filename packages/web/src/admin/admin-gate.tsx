import { messages, webAdminMessages } from "@katale/domain";
import type { AdminPorts } from "@katale/domain/admin";
import { ShieldAlert } from "lucide-react";
import type { ReactNode } from "react";
import { AccountFrame } from "../account/account-frame.js";
import { ErrorState } from "../ui/error-state.js";
import { Spinner } from "../ui/spinner.js";
import { useAdminPorts, useIsAdmin } from "./use-admin.js";

/** What anyone but an admin sees on the admin pages. */
export function NotAllowed() {
  const text = webAdminMessages;
  return (
    <AccountFrame title={text.notAllowedTitle}>
      <div className="flex flex-col items-center gap-3 rounded-2xl bg-white px-4 py-10 text-center shadow-sm ring-1 ring-gray-200">
        <ShieldAlert aria-hidden="true" size={40} className="text-brand-700" />
        <p className="max-w-md text-gray-700">{text.notAllowed}</p>
      </div>
    </AccountFrame>
  );
}

/**
 * The admin pages' gate: asks the service whether the user is an admin (anyone else gets the
 * not-allowed page), then loads the admins' ports (their own chunk) and renders `children` with them.
 */
export function AdminGate({ children }: { children: (ports: AdminPorts) => ReactNode }) {
  const current = useIsAdmin();
  const ports = useAdminPorts(current.data === true);
  if (current.isPending) return <Spinner />;
  if (typeof current.data === "string" || current.isError)
    return (
      <div className="page py-6">
        <ErrorState
          message={typeof current.data === "string" ? current.data : messages.common.checkConnection}
          onRetry={current.refetch}
        />
      </div>
    );
  if (!current.data) return <NotAllowed />;
  if (ports.isPending) return <Spinner />;
  if (ports.isError)
    return (
      <div className="page py-6">
        <ErrorState message={messages.common.checkConnection} onRetry={ports.refetch} />
      </div>
    );
  return children(ports.data);
}
