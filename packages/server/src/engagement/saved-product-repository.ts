import type { SavedProductWire } from "@katale/adapters-http/contract";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.js";
import { ProductRepository } from "../products/product-repository.js";

// A user's saved products (the wishlist, spec §3): one record per user and product.

export class SavedProductRepository {
  private readonly products: ProductRepository;

  constructor(private readonly db: Kysely<Database>) {
    this.products = new ProductRepository(db);
  }

  /**
   * Saves the product (saving again keeps the one record; `created` says whether this call made it);
   * undefined for an unknown product.
   */
  async save(
    userId: number,
    productId: number,
  ): Promise<{ saved_product_id: number; created: boolean } | undefined> {
    return this.db.transaction().execute(async (trx) => {
      const product = await trx
        .selectFrom("products")
        .select("id")
        .where("id", "=", productId)
        // A product moderators hid answers here as a missing one.
        .where("hidden", "=", false)
        .executeTakeFirst();
      if (!product) return undefined;
      const inserted = await trx
        .insertInto("saved_products")
        .values({ user_id: userId, product_id: productId })
        .onConflict((oc) => oc.columns(["user_id", "product_id"]).doNothing())
        .returning("id")
        .executeTakeFirst();
      if (inserted) return { saved_product_id: inserted.id, created: true };
      const row = await trx
        .selectFrom("saved_products")
        .select("id")
        .where("user_id", "=", userId)
        .where("product_id", "=", productId)
        .executeTakeFirstOrThrow();
      return { saved_product_id: row.id, created: false };
    });
  }

  /** The user's saved products that are in stock, newest saved first. */
  async list(userId: number): Promise<SavedProductWire[]> {
    const rows = await this.db
      .selectFrom("saved_products as sp")
      .innerJoin("products as p", "p.id", "sp.product_id")
      .select(["sp.id", "sp.product_id"])
      .where("sp.user_id", "=", userId)
      .where("p.in_stock", ">", 0)
      .orderBy("sp.id", "desc")
      .execute();
    const products = new Map(
      (await this.products.byIds(rows.map((r) => r.product_id))).map((p) => [p.product_id, p]),
    );
    return rows.flatMap((row) => {
      const product = products.get(row.product_id);
      return product ? [{ saved_product_id: row.id, product_id: product }] : [];
    });
  }

  /** Whose record it is, or undefined when there is none. */
  async ownerOf(savedProductId: number): Promise<number | undefined> {
    const row = await this.db
      .selectFrom("saved_products")
      .select("user_id")
      .where("id", "=", savedProductId)
      .executeTakeFirst();
    return row?.user_id;
  }

  async remove(savedProductId: number): Promise<void> {
    await this.db.deleteFrom("saved_products").where("id", "=", savedProductId).execute();
  }
}
