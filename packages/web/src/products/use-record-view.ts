import { recordProductView } from "@katale/domain";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useServices } from "../app/services-context.js";
import { useSession } from "../auth/use-session.js";
import { BROWSE_HISTORY_KEY } from "../engagement/engagement-keys.js";

/**
 * Records the viewing of a product in the signed-in user's browse history (once per product page);
 * a visitor has no history and nothing is sent.
 */
export function useRecordView(productId: number | null) {
  const { browseHistory, local } = useServices();
  const { loggedIn } = useSession();
  const client = useQueryClient();
  useEffect(() => {
    if (productId === null || !loggedIn) return;
    void recordProductView({ browseHistory, storage: local }, productId).then((answer) => {
      if (answer.ok && answer.value) void client.invalidateQueries({ queryKey: BROWSE_HISTORY_KEY });
    });
  }, [productId, loggedIn, browseHistory, local, client]);
}
