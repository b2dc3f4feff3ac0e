import { listBrowseHistory, listFollowedShops, listOwnReviews, listSavedProducts } from "@katale/domain";
import { useQuery } from "@tanstack/react-query";
import { useServices } from "../app/services-context.js";

// The signed-in user's lists (spec §2 Account). Their keys start with "engagement" so a toggle
// elsewhere can invalidate them all at once; they are read again each time a list opens
// (`staleTime: 0`), as a save or follow made a moment ago elsewhere must show.

/** The wishlist: saved products in stock, newest saved first. */
export function useSavedProducts() {
  const { savedProducts, local } = useServices();
  return useQuery({
    queryKey: ["engagement", "saved-products"],
    staleTime: 0,
    queryFn: () => listSavedProducts({ savedProducts, storage: local }),
  });
}

/** The shops the user follows. */
export function useFollowedShops() {
  const { follows, local } = useServices();
  return useQuery({
    queryKey: ["engagement", "followed-shops"],
    staleTime: 0,
    queryFn: () => listFollowedShops({ follows, storage: local }),
  });
}

/** The user's own reviews; `limit` keeps the first ones (the desktop tab shows 4). */
export function useOwnReviews(limit?: number) {
  const { reviews, local } = useServices();
  return useQuery({
    queryKey: ["engagement", "own-reviews", limit ?? "all"],
    staleTime: 0,
    queryFn: () => listOwnReviews({ reviews, storage: local }, limit),
  });
}

/** The products the user viewed, most recent first. */
export function useBrowseHistory() {
  const { browseHistory, local } = useServices();
  return useQuery({
    queryKey: ["engagement", "browse-history"],
    staleTime: 0,
    queryFn: () => listBrowseHistory({ browseHistory, storage: local }),
  });
}
