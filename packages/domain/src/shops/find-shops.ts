import { SHOP_NAME_MAX_LENGTH } from "../constants.js";
import { messages } from "../messages.js";
import { err, ok, type Result } from "../result.js";
import type { Shop } from "./shop.js";
import type { ShopGateway } from "./shop-gateway.js";

const ALL_DIGITS = /^\d+$/;
/** Ids are PostgreSQL integers: a longer number names no shop. */
const ID_MAX = 2_147_483_647;

/**
 * The shops someone names (`katale follow 12`, `katale follow "Mukono Sports Arena"`): all digits is
 * the shop's id ('not-found' when there is none), anything else its name (no shops when none is
 * called so). One request either way, never the whole shop list.
 */
export async function findShopsByRef(
  shops: Pick<ShopGateway, "getShop" | "findShopsByName">,
  ref: string,
): Promise<Result<Shop[]>> {
  const trimmed = ref.trim();
  if (!ALL_DIGITS.test(trimmed)) {
    // No shop has a blank or an overlong name: nothing to ask.
    if (trimmed === "" || trimmed.length > SHOP_NAME_MAX_LENGTH) return ok([]);
    return shops.findShopsByName(trimmed);
  }
  const id = Number(trimmed);
  if (id < 1 || id > ID_MAX) return err({ kind: "not-found", message: messages.api.shopNotFound });
  const shop = await shops.getShop(id);
  return shop.ok ? ok([shop.value]) : shop;
}
