import { err, findOwnShop, listMyShops, type Shop, type StockType, shopNameKey } from "@katale/domain";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { useSearchParams } from "react-router";
import { useServices } from "../app/services-context.js";

// The shop owner's reads (issue 9): their shops, one of them by id or name, its products per tab.
// Every change (a shop created or edited, a verification asked) refreshes them at once.

export const MY_SHOPS_KEY = ["my-shops"] as const;

/** The signed-in user's shops (GET shop/mine/), newest first; not asked for without a session. */
export function useMyShops(enabled = true) {
  const { shopAdmin, local } = useServices();
  return useQuery({
    queryKey: MY_SHOPS_KEY,
    queryFn: () => listMyShops({ shopAdmin, storage: local }),
    enabled,
  });
}

/** One of the user's own shops, named by id or name (the admin page's segment). */
export function useOwnShop(ref: string | number | null) {
  const { shopAdmin, shops, local } = useServices();
  return useQuery({
    queryKey: [...MY_SHOPS_KEY, "one", typeof ref === "string" ? shopNameKey(ref) : ref],
    queryFn: () =>
      ref === null
        ? Promise.resolve(err({ kind: "not-found" as const, message: "" }))
        : findOwnShop({ shopAdmin, shops, storage: local }, ref),
  });
}

/** The products of a shop: in stock, or out of stock (`product/shop/{id}/?stock_type=out`). */
export function useShopProducts(shopId: number, stock: StockType) {
  const { products } = useServices();
  return useQuery({
    queryKey: ["shop-products", shopId, stock],
    queryFn: () => products.listShopProducts(shopId, { stock }),
  });
}

/** After a shop changes: the owner's lists, the public lists and the shop's own page read it again. */
export function useShopChanged(): (shop?: Shop) => Promise<void> {
  const client = useQueryClient();
  return useCallback(
    async (shop?: Shop) => {
      if (shop) {
        client.setQueryData<Awaited<ReturnType<typeof listMyShops>>>(MY_SHOPS_KEY, (old) =>
          old?.ok ? { ok: true, value: [shop, ...old.value.filter((s) => s.id !== shop.id)] } : old,
        );
      }
      await Promise.all([
        client.invalidateQueries({ queryKey: MY_SHOPS_KEY }),
        client.invalidateQueries({ queryKey: ["shops"] }),
        client.invalidateQueries({ queryKey: ["shop-page"] }),
      ]);
    },
    [client],
  );
}

/** /account/admin-shop/{shop name} (spec §2: the My shops tiles open it by name). */
export function adminShopPath(shop: Pick<Shop, "name">): string {
  return `/account/admin-shop/${encodeURIComponent(shop.name)}`;
}

/** The other helper's pages, reached with the shop's id. */
export const addProductPath = (shopId: number) => `/account/add-product?shop=${shopId}`;
export const addServiceBannerPath = (shopId: number) => `/account/add-service-banner?shop=${shopId}`;
export const editProductPath = (productId: number) => `/account/edit-product/${productId}`;
export const shopDetailsPath = (shopId: number) => `/account/shop-details?shop=${shopId}`;
export const shopVerificationPath = (shopId: number) => `/account/shop-verification?shop=${shopId}`;

/** The shop named by ?shop=ID, else the one just created (local key `shop`, spec §3). */
export function useShopParam(): number | null {
  const { local } = useServices();
  const [params] = useSearchParams();
  const given = params.get("shop");
  if (given !== null) return /^\d+$/.test(given) ? Number(given) : null;
  return local.get("shop") ?? local.get("activeShopid");
}
