import type { Kysely } from "kysely";
import type { Database } from "../db/schema.js";
import type { StockAndPrice } from "../products/product-writes.js";
import type { Notifier } from "./notification-events.js";

/**
 * A new product is news for the shop's followers (not its owner). A shop nobody else follows records
 * no event: its two jobs (inbox and push) would find no one, and a bulk import paid for them on
 * every row (about 40 % of a created row's database time on PGlite).
 */
export async function recordNewProduct(
  notifier: Notifier,
  trx: Kysely<Database>,
  actorId: number,
  shopId: number,
  productId: number,
): Promise<void> {
  await recordNewProducts(notifier, trx, actorId, shopId, [productId]);
}

/** recordNewProduct for the products of a batch: the followers are looked for once. */
export async function recordNewProducts(
  notifier: Notifier,
  trx: Kysely<Database>,
  actorId: number,
  shopId: number,
  productIds: readonly number[],
): Promise<void> {
  const follower = await trx
    .selectFrom("follows")
    .select("user_id")
    .where("shop_id", "=", shopId)
    .where("user_id", "<>", actorId)
    .limit(1)
    .executeTakeFirst();
  if (!follower) return;
  for (const productId of productIds)
    await notifier.record(trx, {
      kind: "new_product_from_followed_shop",
      actor_id: actorId,
      product_id: productId,
    });
}

/** A lower price and a return to stock are news for those who saved the product. */
export async function recordPriceAndStock(
  notifier: Notifier,
  trx: Kysely<Database>,
  actorId: number,
  productId: number,
  before: StockAndPrice,
  after: StockAndPrice,
): Promise<void> {
  if (after.price < before.price)
    await notifier.record(trx, {
      kind: "saved_product_price_drop",
      actor_id: actorId,
      product_id: productId,
      price_was: before.price,
      price: after.price,
    });
  if (before.inStock <= 0 && after.inStock > 0)
    await notifier.record(trx, {
      kind: "saved_product_back_in_stock",
      actor_id: actorId,
      product_id: productId,
    });
}
