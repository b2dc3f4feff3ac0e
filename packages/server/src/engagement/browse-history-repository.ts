import type { ProductWire } from "@katale/adapters-http/contract";
import { type Kysely, sql } from "kysely";
import type { Database } from "../db/schema.js";
import { ProductRepository } from "../products/product-repository.js";

// What a user viewed (spec §3): one entry per product, a new view moves it to the top, and only the
// newest BROWSE_HISTORY_KEPT entries are kept.

export const BROWSE_HISTORY_KEPT = 100;

export class BrowseHistoryRepository {
  private readonly products: ProductRepository;

  constructor(private readonly db: Kysely<Database>) {
    this.products = new ProductRepository(db);
  }

  /** Records a view; false for an unknown product. */
  async record(userId: number, productId: number): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const product = await trx
        .selectFrom("products")
        .select("id")
        .where("id", "=", productId)
        // A product moderators hid answers here as a missing one.
        .where("hidden", "=", false)
        .executeTakeFirst();
      if (!product) return false;
      // clock_timestamp(): two views in one transaction's instant still keep their order.
      await trx
        .insertInto("browse_history")
        .values({ user_id: userId, product_id: productId, viewed_at: sql`clock_timestamp()` })
        .onConflict((oc) =>
          oc.columns(["user_id", "product_id"]).doUpdateSet({ viewed_at: sql`clock_timestamp()` }),
        )
        .execute();
      await trx
        .deleteFrom("browse_history")
        .where("user_id", "=", userId)
        .where("id", "not in", (eb) =>
          eb
            .selectFrom("browse_history")
            .select("id")
            .where("user_id", "=", userId)
            .orderBy("viewed_at", "desc")
            .orderBy("id", "desc")
            .limit(BROWSE_HISTORY_KEPT),
        )
        .execute();
      return true;
    });
  }

  /** The products the user viewed, most recent first. */
  async list(userId: number): Promise<ProductWire[]> {
    const rows = await this.db
      .selectFrom("browse_history")
      .select("product_id")
      .where("user_id", "=", userId)
      .orderBy("viewed_at", "desc")
      .orderBy("id", "desc")
      .limit(BROWSE_HISTORY_KEPT)
      .execute();
    return this.products.byIds(rows.map((row) => row.product_id));
  }
}
