import { loadCurrentUser } from "@katale/domain";
import type { AdminPorts } from "@katale/domain/admin";
import { type QueryClient, useQuery, useQueryClient } from "@tanstack/react-query";
import { useServices } from "../app/services-context.js";
import { useAccountPorts } from "../auth/use-account-ports.js";
import { useSession } from "../auth/use-session.js";

/**
 * Whether the signed-in user is an admin (`users/me/`): true, false, or the failure's words; off
 * until `enabled` (the user menu asks when it opens).
 */
export function useIsAdmin(enabled = true) {
  const ports = useAccountPorts();
  const { loggedIn } = useSession();
  return useQuery({
    queryKey: ["current-user"],
    queryFn: () => loadCurrentUser(ports),
    enabled: enabled && loggedIn,
    select: (answer): boolean | string => (answer.ok ? answer.value.isAdmin : answer.error.message),
  });
}

/** The admins' ports, from their own chunk (loaded once, on the first admin page). */
export function useAdminPorts(enabled = true) {
  const { admin, local } = useServices();
  return useQuery({
    queryKey: ["admin-services"],
    queryFn: async (): Promise<AdminPorts> => ({ ...(await admin()), storage: local }),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    enabled,
  });
}

/** The filters of a sub category (the public `category/filter/{id}`, with their values). */
export function useFiltersOf(subCategoryId: number | null) {
  const { categories } = useServices();
  return useQuery({
    queryKey: ["filters", subCategoryId],
    queryFn: () => categories.listFilters(subCategoryId ?? 0),
    enabled: subCategoryId !== null,
  });
}

/** After a catalogue change: every list of the app that shows the catalogue asks again (home carousel too). */
export function refreshCatalogue(client: QueryClient): Promise<void> {
  return Promise.all([
    client.invalidateQueries({ queryKey: ["categories"] }),
    client.invalidateQueries({ queryKey: ["sub-categories"] }),
    client.invalidateQueries({ queryKey: ["filters"] }),
    client.invalidateQueries({ queryKey: ["home"] }),
    client.invalidateQueries({ queryKey: ["category-place"] }),
    client.invalidateQueries({ queryKey: ["sub-category-place"] }),
    client.invalidateQueries({ queryKey: ["browse"] }),
  ]).then(() => undefined);
}

export function useRefreshCatalogue(): () => Promise<void> {
  const client = useQueryClient();
  return () => refreshCatalogue(client);
}
