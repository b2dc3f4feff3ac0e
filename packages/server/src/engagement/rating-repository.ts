import { type Kysely, sql } from "kysely";
import type { Database } from "../db/schema.js";

// Ratings (spec §3, §9): one per user and product, stored 0–10 (the 0–5 stars doubled). The
// ratings trigger keeps sum and count on the product and shop rows (db/migrations); its relative
// updates lock the product row, so concurrent ratings never lose one another.

export interface RatingResult {
  product_id: number;
  rating: number;
  /** 0–5, one decimal, as product answers show it. */
  average_rating: number;
  number_of_users_rated: number;
}

export class RatingRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Rates the product, replacing the user's earlier rating; undefined for an unknown product. */
  async rate(
    userId: number,
    productId: number,
    rating: number,
    /** Runs in the transaction once the rating is kept (the notification's event). */
    onRated?: (trx: Kysely<Database>) => Promise<void>,
  ): Promise<RatingResult | undefined> {
    return this.db.transaction().execute(async (trx) => {
      const product = await trx
        .selectFrom("products")
        .select("id")
        .where("id", "=", productId)
        // A product moderators hid answers here as a missing one.
        .where("hidden", "=", false)
        .executeTakeFirst();
      if (!product) return undefined;
      await trx
        .insertInto("ratings")
        .values({ user_id: userId, product_id: productId, rating })
        .onConflict((oc) => oc.columns(["user_id", "product_id"]).doUpdateSet({ rating }))
        .execute();
      if (onRated) await onRated(trx);
      const totals = await trx
        .selectFrom("products")
        .select([
          "rating_count",
          // The same rounding as product answers (products/product-repository.ts).
          sql<number | string>`CASE WHEN rating_count > 0
            THEN round(rating_total::numeric / rating_count / 2, 1) ELSE 0 END`.as("average"),
        ])
        .where("id", "=", productId)
        .executeTakeFirstOrThrow();
      const count = Number(totals.rating_count);
      return {
        product_id: productId,
        rating,
        average_rating: Number(totals.average),
        number_of_users_rated: count,
      };
    });
  }
}
