import {
  type CreateShopForm,
  createShop,
  requestShopVerification,
  type ShopDetailsForm,
  type ShopVerificationForm,
  updateShopDetails,
} from "@katale/domain";
import { useServices } from "../app/services-context.js";

/** The shop owner's shop steps: create a shop, save its details, ask for its verification. */
export function useShopWrites() {
  const { shopAdmin, shopVerification, local } = useServices();
  return {
    create: (values: CreateShopForm) => createShop({ shopAdmin, storage: local }, values),
    /** The shop just created, which the details step and the product pages name (shop, activeShopid). */
    rememberCreated(shopId: number) {
      local.set("shop", shopId);
      local.set("activeShopid", shopId);
    },
    saveDetails: (shopId: number, values: ShopDetailsForm) =>
      updateShopDetails({ shopAdmin, storage: local }, shopId, values),
    requestVerification: (values: ShopVerificationForm) =>
      requestShopVerification({ shopVerification, storage: local }, values),
  };
}
