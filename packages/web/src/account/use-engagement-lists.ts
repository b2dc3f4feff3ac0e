import { listBrowseHistory, listOwnReviews } from "@katale/domain";
import { useQuery } from "@tanstack/react-query";
import { useServices } from "../app/services-context.js";
import { BROWSE_HISTORY_KEY, OWN_REVIEWS_KEY } from "../engagement/engagement-keys.js";

// The signed-in user's lists (spec §2 Account). Their keys start with "engagement" so a toggle
// elsewhere can invalidate them all at once; they are read again each time a list opens
// (`staleTime: 0`), as a save or follow made a moment ago elsewhere must show.

/** The user's own reviews; `limit` keeps the first ones (the desktop tab shows 4). */
export function useOwnReviews(limit?: number) {
  const { reviews, local } = useServices();
  return useQuery({
    queryKey: [...OWN_REVIEWS_KEY, limit ?? "all"],
    staleTime: 0,
    queryFn: () => listOwnReviews({ reviews, storage: local }, limit),
  });
}

/** The products the user viewed, most recent first. */
export function useBrowseHistory() {
  const { browseHistory, local } = useServices();
  return useQuery({
    queryKey: BROWSE_HISTORY_KEY,
    staleTime: 0,
    queryFn: () => listBrowseHistory({ browseHistory, storage: local }),
  });
}
