import {
  errorMessage,
  ok,
  type Product,
  type ProductDetail,
  type RatingOutcome,
  type Result,
  rateProduct,
} from "@katale/domain";
import { type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import { useServices } from "../app/services-context.js";
import { useLoginPrompt } from "../auth/login-prompt-context.js";
import { useSession } from "../auth/use-session.js";
import { useNotice } from "../ui/notices.js";
import { needsLogin } from "./needs-login.js";

/** The product's new average and count, wherever the product or its detail is cached. */
function showNewAverage(client: QueryClient, productId: number, outcome: RatingOutcome) {
  const rated = (product: Product): Product =>
    product.id === productId
      ? { ...product, averageRating: outcome.averageRating, numberOfUsersRated: outcome.numberOfUsersRated }
      : product;
  client.setQueriesData<Result<Product>>({ queryKey: ["product"] }, (old) =>
    old?.ok ? ok(rated(old.value)) : old,
  );
  client.setQueriesData<ProductDetail>({ queryKey: ["product-detail"] }, (old) =>
    old ? { ...old, product: rated(old.product) } : old,
  );
}

/**
 * Rating a product (spec §5, §9): `rate(stars)` sends 0–5 in half steps; on success the product's
 * average and count change at once; on failure the reason is shown and `onFailed` lets the widget
 * put its stars back. Visitors get the login-needed popup.
 */
export function useRateProduct(productId: number, { onFailed }: { onFailed: () => void }) {
  const services = useServices();
  const client = useQueryClient();
  const promptLogin = useLoginPrompt();
  const notify = useNotice();
  const { loggedIn } = useSession();
  const mutation = useMutation({
    mutationFn: (stars: number) =>
      rateProduct({ ratings: services.ratings, storage: services.local }, productId, stars),
    onSuccess: (answer) => {
      if (answer.ok) {
        showNewAverage(client, productId, answer.value);
        return;
      }
      onFailed();
      if (needsLogin(answer.error)) promptLogin();
      else notify(errorMessage(answer.error), "error");
    },
    onError: () => {
      onFailed();
      notify(errorMessage({ kind: "network" }), "error");
    },
  });
  return {
    /** False when the person must log in first (the popup is open then). */
    rate(stars: number): boolean {
      if (!loggedIn) {
        promptLogin();
        return false;
      }
      mutation.mutate(stars);
      return true;
    },
    pending: mutation.isPending,
    /** The last rating's outcome: a new object with every rating, so the confirmation shows again. */
    rated: mutation.data?.ok === true ? mutation.data.value : null,
  };
}
