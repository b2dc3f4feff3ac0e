import {
  errorMessage,
  isSaved,
  listSavedProducts,
  ok,
  type Product,
  type Result,
  type SavedProducts,
  setSaved,
} from "@katale/domain";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useServices } from "../app/services-context.js";
import { useLoginPrompt } from "../auth/login-prompt-context.js";
import { useSession } from "../auth/use-session.js";
import { useNotice } from "../ui/notices.js";
import { SAVED_PRODUCTS_KEY } from "./engagement-keys.js";
import { needsLogin } from "./needs-login.js";

/**
 * The wishlist: saved products in stock, newest saved first. The account's lists read it again each
 * time they open (`fresh`); a bookmark on a card reads the shared copy, refreshed after a minute.
 */
export function useSavedProducts({ fresh = false }: { fresh?: boolean } = {}) {
  const { savedProducts, local } = useServices();
  const { loggedIn } = useSession();
  return useQuery({
    queryKey: SAVED_PRODUCTS_KEY,
    ...(fresh ? { staleTime: 0 } : {}),
    enabled: loggedIn,
    queryFn: () => listSavedProducts({ savedProducts, storage: local }),
  });
}

/** The list with the product in it (first, as newest) or not: what the bookmark shows at once. */
function withSaved(list: SavedProducts, product: Product, saved: boolean): SavedProducts {
  if (isSaved(list, product.id) === saved) return list;
  if (!saved) {
    const items = list.items.filter((entry) => entry.product.id !== product.id);
    return { items, total: Math.max(0, list.total - 1) };
  }
  return { items: [{ savedProductId: -product.id, product }, ...list.items], total: list.total + 1 };
}

/**
 * The bookmark of a product (spec §4): saved or not as the wishlist says, and `toggle`, which shows
 * the other state at once and asks the service for that state (so a repeat or a retry cannot undo
 * it), rolling back with the reason when it fails. A visitor gets the login-needed popup; while a
 * change is on its way, further presses are ignored.
 */
export function useSaveToggle(product: Product) {
  const services = useServices();
  const client = useQueryClient();
  const promptLogin = useLoginPrompt();
  const notify = useNotice();
  const { loggedIn } = useSession();
  const list = useSavedProducts();
  const saved = list.data?.ok === true && isSaved(list.data.value, product.id);

  const mutation = useMutation({
    mutationFn: (wanted: boolean) =>
      setSaved({ savedProducts: services.savedProducts, storage: services.local }, product.id, wanted),
    onMutate: async (wanted) => {
      await client.cancelQueries({ queryKey: SAVED_PRODUCTS_KEY });
      const previous = client.getQueryData<Result<SavedProducts>>(SAVED_PRODUCTS_KEY);
      if (previous?.ok)
        client.setQueryData(SAVED_PRODUCTS_KEY, ok(withSaved(previous.value, product, wanted)));
      return { previous };
    },
    onSuccess: (answer, _wanted, context) => {
      if (!answer.ok) {
        client.setQueryData(SAVED_PRODUCTS_KEY, context.previous);
        if (needsLogin(answer.error)) promptLogin();
        else notify(errorMessage(answer.error), "error");
        return;
      }
      // The bookmark already shows the new state: the wishlist is read again when next opened. A
      // press before the wishlist had loaded cancelled that first read and showed nothing: read it now.
      const shown = context.previous?.ok === true;
      void client.invalidateQueries({ queryKey: SAVED_PRODUCTS_KEY, refetchType: shown ? "none" : "active" });
      notify(answer.value.message);
    },
    onError: (_error, _wanted, context) => {
      client.setQueryData(SAVED_PRODUCTS_KEY, context?.previous);
      notify(errorMessage({ kind: "network" }), "error");
    },
  });

  function toggle() {
    if (!loggedIn) {
      promptLogin();
      return;
    }
    if (!mutation.isPending) mutation.mutate(!saved);
  }
  return { saved, pending: mutation.isPending, toggle };
}
