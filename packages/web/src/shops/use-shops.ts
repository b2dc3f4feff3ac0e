import { err, loadShopPage, shopIdFromLink } from "@katale/domain";
import { useQuery } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { useServices } from "../app/services-context.js";

export function useShops() {
  const { shops } = useServices();
  return useQuery({ queryKey: ["shops"], queryFn: () => shops.listShops() });
}

/** Opens a shop's page (/shops/shop) on the shop chosen from a list (activeCustomerShop). */
export function useOpenShop() {
  const { local } = useServices();
  const navigate = useNavigate();
  return (shopId: number) => {
    local.set("activeCustomerShop", shopId);
    navigate("/shops/shop");
  };
}

/** /shops/shop/{encrypted id}, or /shops/shop with the stored activeCustomerShop. */
export function useShopPage(token: string | undefined) {
  const { shops, products, shopIds, local } = useServices();
  return useQuery({
    queryKey: ["shop-page", token ?? null],
    queryFn: async () => {
      let shopId = local.get("activeCustomerShop");
      if (token !== undefined) {
        const found = await shopIdFromLink(shopIds, token);
        if (!found.ok) return found;
        shopId = found.value;
      }
      if (shopId === null) return err({ kind: "not-found" as const });
      const page = await loadShopPage({ shops, products }, shopId, local.get("userdid"));
      if (page.ok) local.set("activeCustomerShop", page.value.shop.id);
      return page;
    },
  });
}

export function useFollowers(shopId: number, enabled: boolean) {
  const { shops } = useServices();
  return useQuery({ queryKey: ["followers", shopId], queryFn: () => shops.listFollowers(shopId), enabled });
}
