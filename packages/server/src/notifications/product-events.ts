import type { Kysely } from "kysely";
import type { Database } from "../db/schema.js";
import type { StockAndPrice } from "../products/product-writes.js";
import type { Notifier } from "./notification-events.js";

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
