import type { FollowRecordWire } from "@katale/adapters-http/contract";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.js";

// Who follows which shop (spec §3): one record per user and shop.

export class FollowRepository {
  constructor(private readonly db: Kysely<Database>) {}

  private records(db: Kysely<Database> = this.db) {
    return db
      .selectFrom("follows as f")
      .innerJoin("shops as s", "s.id", "f.shop_id")
      .select(["f.id", "f.user_id", "s.id as shop_id", "s.name", "s.cover_image", "s.display_image"]);
  }

  /**
   * Follows the shop (following again keeps the one record; `created` says whether this call made
   * it); undefined for an unknown shop.
   */
  async follow(
    userId: number,
    shopId: number,
    /** Runs in the transaction when this call made the record (the notification's event). */
    onCreated?: (trx: Kysely<Database>) => Promise<void>,
  ): Promise<{ record: FollowRecordWire; created: boolean } | undefined> {
    return this.db.transaction().execute(async (trx) => {
      const shop = await trx.selectFrom("shops").select("id").where("id", "=", shopId).executeTakeFirst();
      if (!shop) return undefined;
      const inserted = await trx
        .insertInto("follows")
        .values({ user_id: userId, shop_id: shopId })
        .onConflict((oc) => oc.columns(["user_id", "shop_id"]).doNothing())
        .returning("id")
        .executeTakeFirst();
      if (inserted && onCreated) await onCreated(trx);
      const row = await this.records(trx)
        .where("f.user_id", "=", userId)
        .where("f.shop_id", "=", shopId)
        .executeTakeFirstOrThrow();
      return { record: toWire(row), created: inserted !== undefined };
    });
  }

  /** The shops a user follows, newest follow first; a shop moderators hid or suspended is left out. */
  async followedBy(userId: number): Promise<FollowRecordWire[]> {
    const rows = await this.records()
      .where("f.user_id", "=", userId)
      .where("s.hidden", "=", false)
      .orderBy("f.id", "desc")
      .execute();
    return rows.map(toWire);
  }

  /** Whose record it is, or undefined when there is none. */
  async ownerOf(followId: number): Promise<number | undefined> {
    const row = await this.db
      .selectFrom("follows")
      .select("user_id")
      .where("id", "=", followId)
      .executeTakeFirst();
    return row?.user_id;
  }

  async remove(followId: number): Promise<void> {
    await this.db.deleteFrom("follows").where("id", "=", followId).execute();
  }
}

function toWire(row: {
  id: number;
  shop_id: number;
  name: string;
  cover_image: string | null;
  display_image: string | null;
}): FollowRecordWire {
  return {
    id: row.id,
    shop: { id: row.shop_id, name: row.name, cover_image: row.cover_image, display_image: row.display_image },
  };
}
