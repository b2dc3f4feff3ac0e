import { err, type Result, type Shop } from "@katale/domain";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { useSearchParams } from "react-router";
import { useServices } from "../app/services-context.js";

/** The owner's admin page of a shop (another part of issue 9 builds it). */
export function shopAdminPath(shopId: number): string {
  return `/account/admin-shop/${shopId}`;
}

/** The shops the signed-in user owns. */
export function useMyShops() {
  const { shopAdmin, local } = useServices();
  return useQuery({
    queryKey: ["my-shops"],
    queryFn: async (): Promise<Result<Shop[]>> => {
      const token = local.get("token");
      if (token === null) return err({ kind: "not-logged-in" });
      return shopAdmin.listMyShops(token);
    },
  });
}

export type ShopChoice =
  | { readonly state: "loading" }
  | { readonly state: "failed"; readonly retry: () => void }
  | { readonly state: "none" }
  | { readonly state: "not-owner" }
  | { readonly state: "ready"; readonly shop: Shop };

/**
 * The shop a new product or service goes to: `?shop=ID` when it is one of the user's shops, else
 * the stored activeShopid, else the user's newest shop.
 */
export function useChosenShop(): ShopChoice {
  const [params] = useSearchParams();
  const { local } = useServices();
  const shops = useMyShops();
  if (shops.isPending) return { state: "loading" };
  if (!shops.data?.ok) return { state: "failed", retry: () => void shops.refetch() };
  const mine = shops.data.value;
  const asked = params.get("shop");
  if (asked !== null && asked !== "") {
    const shop = mine.find((s) => String(s.id) === asked.trim());
    return shop ? { state: "ready", shop } : { state: "not-owner" };
  }
  const stored = local.get("activeShopid");
  const shop = mine.find((s) => s.id === stored) ?? mine[0];
  return shop ? { state: "ready", shop } : { state: "none" };
}

/**
 * After a product is added, edited or deleted every list, page and search may show it differently:
 * everything read so far is marked stale and read again when next shown.
 */
export function useProductsChanged(): () => void {
  const client = useQueryClient();
  return useCallback(() => void client.invalidateQueries({ refetchType: "none" }), [client]);
}
