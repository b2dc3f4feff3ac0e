import { type AuthOutcome, done, parseForm } from "../auth/auth-failure.js";
import { signedInToken } from "../engagement/signed-in.js";
import { messages } from "../messages.js";
import { err, ok, type Result, type WordedError } from "../result.js";
import type { KeyValueStorage } from "../session/key-value-storage.js";
import type { Shop } from "../shops/shop.js";
import type { ShopGateway } from "../shops/shop-gateway.js";
import type { ShopAdminGateway } from "./seller-gateways.js";
import { sellingFailure } from "./selling-failure.js";
import {
  type CreateShopForm,
  createShopFormSchema,
  type ShopDetailsForm,
  shopDetailsFormSchema,
} from "./shop-form.js";

export interface ShopAdminPorts<K extends keyof ShopAdminGateway = keyof ShopAdminGateway> {
  readonly shopAdmin: Pick<ShopAdminGateway, K>;
  readonly storage: KeyValueStorage;
}

const text = messages.selling;

/** 'My shops' (spec §2): the shops the signed-in user owns. */
export async function listMyShops(
  ports: ShopAdminPorts<"listMyShops">,
): Promise<Result<Shop[], WordedError>> {
  const token = signedInToken(ports.storage);
  if (!token.ok) return token;
  const shops = await ports.shopAdmin.listMyShops(token.value);
  return shops.ok ? shops : err(sellingFailure(shops.error, { otherwise: messages.common.checkConnection }));
}

/** /account/createshop: checks the form (spec §5), then creates the shop: 'Shop created'. */
export async function createShop(
  ports: ShopAdminPorts<"createShop">,
  form: CreateShopForm,
): Promise<AuthOutcome<{ shop: Shop }>> {
  const parsed = parseForm(createShopFormSchema, form);
  if (!parsed.ok) return parsed;
  const token = signedInToken(ports.storage);
  if (!token.ok) return token;
  const created = await ports.shopAdmin.createShop(token.value, parsed.value);
  if (!created.ok) return err(sellingFailure(created.error, { otherwise: text.shopNotCreated }));
  return ok(done(text.shopCreated, { shop: created.value }));
}

/** /account/shop-details: what the form gives changes, the rest stays: 'Shop details saved'. */
export async function updateShopDetails(
  ports: ShopAdminPorts<"updateShop">,
  shopId: number,
  form: ShopDetailsForm,
): Promise<AuthOutcome<{ shop: Shop }>> {
  const parsed = parseForm(shopDetailsFormSchema, form);
  if (!parsed.ok) return parsed;
  const token = signedInToken(ports.storage);
  if (!token.ok) return token;
  const updated = await ports.shopAdmin.updateShop(token.value, shopId, parsed.value);
  if (!updated.ok)
    return err(
      sellingFailure(updated.error, {
        "not-found": messages.api.shopNotFound,
        otherwise: text.shopDetailsNotSaved,
      }),
    );
  return ok(done(text.shopDetailsSaved, { shop: updated.value }));
}

/** Shop names compare with case and runs of spaces aside. */
export function shopNameKey(name: string): string {
  return name.trim().replace(/\s+/g, " ").toLowerCase();
}

/**
 * One of the user's own shops, named by id or by name (case aside). A shop that exists but is
 * someone else's is refused ('You are not the owner of this shop') before anything is sent.
 */
export async function findOwnShop(
  ports: ShopAdminPorts<"listMyShops"> & { readonly shops: Pick<ShopGateway, "listShops"> },
  ref: string | number,
): Promise<Result<Shop, WordedError>> {
  const mine = await listMyShops(ports);
  if (!mine.ok) return mine;
  const wanted = typeof ref === "number" ? String(ref) : ref.trim();
  const matches = (shop: Shop) =>
    /^\d+$/.test(wanted) ? shop.id === Number(wanted) : shopNameKey(shop.name) === shopNameKey(wanted);
  const own = mine.value.find(matches);
  if (own) return ok(own);
  const all = await ports.shops.listShops();
  if (all.ok && all.value.some(matches)) return err({ kind: "forbidden", message: text.notOwner });
  return err({ kind: "not-found", message: messages.api.shopNotFound });
}
