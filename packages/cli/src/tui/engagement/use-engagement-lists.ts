import { listBrowseHistory, listFollowedShops, listSavedProducts } from "@katale/domain";
import { useTuiServices } from "../tui-context.js";
import { useSignedInList } from "./use-signed-in-list.js";

// The signed-in lists of engagement, on the session the commands share.

export function useSavedProducts() {
  const { engagement } = useTuiServices();
  return useSignedInList(() => listSavedProducts(engagement!));
}

export function useFollowedShops() {
  const { engagement } = useTuiServices();
  return useSignedInList(() => listFollowedShops(engagement!));
}

export function useBrowseHistory() {
  const { engagement } = useTuiServices();
  return useSignedInList(() => listBrowseHistory(engagement!));
}
