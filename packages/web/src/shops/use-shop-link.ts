import { shopLink } from "@katale/domain";
import { useQuery } from "@tanstack/react-query";
import { useServices } from "../app/services-context.js";

/** /shops/shop/{encrypted id}; the id is encrypted asynchronously (WebCrypto), so null until ready. */
export function useShopLink(shopId: number): string | null {
  const { shopIds } = useServices();
  const query = useQuery({
    queryKey: ["shop-link", shopId],
    queryFn: () => shopLink(shopIds, shopId),
    staleTime: Number.POSITIVE_INFINITY,
  });
  return query.data ?? null;
}
