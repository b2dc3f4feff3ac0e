import { deleteSavedSearch, listSavedSearches, saveSearch } from "@katale/domain";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useServices } from "../app/services-context.js";

const savedSearchesKey = ["saved-searches"] as const;

/** The user's saved searches, newest first. */
export function useSavedSearches() {
  const { finder, local } = useServices();
  return useQuery({
    queryKey: savedSearchesKey,
    queryFn: () => listSavedSearches({ finder, storage: local }),
  });
}

/** Saving and deleting; the list asks again after either. */
export function useSavedSearchWrites() {
  const { finder, local } = useServices();
  const client = useQueryClient();
  const ports = { finder, storage: local };
  const refresh = () => client.invalidateQueries({ queryKey: savedSearchesKey });
  return {
    save: async (name: string, query: string) => {
      const saved = await saveSearch(ports, name, query);
      if (saved.ok) void refresh();
      return saved;
    },
    remove: async (id: number) => {
      const deleted = await deleteSavedSearch(ports, id);
      if (deleted.ok) void refresh();
      return deleted;
    },
  };
}
