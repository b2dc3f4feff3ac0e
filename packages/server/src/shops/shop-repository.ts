import type { FeaturedShopWire, FollowersWire, ShopWire } from "@katale/adapters-http/contract";
import { type Expression, type Kysely, sql } from "kysely";
import type { Database } from "../db/schema.js";

// Shops as the wire shows them (spec §3). A shop's rating is the average of all ratings of its
// products (0–10 stored, 0–5 on the wire, one decimal), from the totals the ratings trigger keeps
// on the shop row.

export class ShopRepository {
  constructor(private readonly db: Kysely<Database>) {}

  private select() {
    return this.db.selectFrom("shops as s").select([
      "s.id",
      "s.name",
      "s.bio",
      "s.email",
      "s.phone",
      "s.display_image",
      "s.cover_image",
      "s.owner_id as owner",
      "s.verification_status",
      sql<number>`CASE WHEN s.rating_count > 0
          THEN round(s.rating_total::numeric / s.rating_count / 2, 1) ELSE 0 END`.as("rating"),
      sql<number[]>`coalesce((
          SELECT array_agg(sc.category_id ORDER BY sc.position) FROM shop_categories sc WHERE sc.shop_id = s.id
        ), '{}')`.as("category"),
      "s.location_latitude",
      "s.location_longitude",
      "s.district",
    ]);
  }

  /** All shops, newest first. */
  async list(): Promise<ShopWire[]> {
    const rows = await this.select().where("s.hidden", "=", false).orderBy("s.id", "desc").execute();
    return rows.map(toWire);
  }

  /** The shops with these ids, each once, in the order first named; unknown ids are left out. */
  async byIds(ids: readonly number[]): Promise<ShopWire[]> {
    const wanted = [...new Set(ids)];
    if (wanted.length === 0) return [];
    const rows = await this.select().where("s.id", "in", wanted).where("s.hidden", "=", false).execute();
    const byId = new Map(rows.map((row) => [row.id, toWire(row)]));
    return wanted.flatMap((id) => byId.get(id) ?? []);
  }

  /** The shops called `name`, case and runs of spaces aside (the domain's shopNameKey), newest first. */
  async byName(name: string): Promise<ShopWire[]> {
    const key = (text: Expression<string>) =>
      sql<string>`lower(btrim(regexp_replace(${text}, '\\s+', ' ', 'g')))`;
    const rows = await this.select()
      .where(key(sql.ref<string>("s.name")), "=", key(sql.val(name)))
      .where("s.hidden", "=", false)
      .orderBy("s.id", "desc")
      .execute();
    return rows.map(toWire);
  }

  /** The shop; one moderators hid only when `withHidden` (its owner's reads). */
  async byId(id: number, withHidden = true): Promise<ShopWire | undefined> {
    const row = await this.select()
      .where("s.id", "=", id)
      .$if(!withHidden, (q) => q.where("s.hidden", "=", false))
      .executeTakeFirst();
    return row && toWire(row);
  }

  /** The shops the user owns, newest first. */
  async byOwner(ownerId: number): Promise<ShopWire[]> {
    const rows = await this.select().where("s.owner_id", "=", ownerId).orderBy("s.id", "desc").execute();
    return rows.map(toWire);
  }

  async exists(id: number): Promise<boolean> {
    const row = await this.db.selectFrom("shops").select("id").where("id", "=", id).executeTakeFirst();
    return row !== undefined;
  }

  /**
   * Shops by the average rating of their products, best first; equal averages go to the shop with
   * more ratings. Shops without ratings follow (newest first), so the home page still fills its row.
   */
  async topRated(limit: number): Promise<FeaturedShopWire[]> {
    const rows = await this.select()
      .where("s.hidden", "=", false)
      .orderBy(
        sql`CASE WHEN s.rating_count > 0 THEN s.rating_total::numeric / s.rating_count END DESC NULLS LAST`,
      )
      .orderBy("s.rating_count", "desc")
      .orderBy("s.id", "desc")
      .limit(limit)
      .execute();
    return rows.map((row) => {
      const shop = toWire(row);
      return { shop, average_total_rating: shop.rating };
    });
  }

  /** The shop's followers, newest first, or undefined for an unknown shop. */
  async followers(shopId: number): Promise<FollowersWire | undefined> {
    const shop = await this.db
      .selectFrom("shops")
      .select(["id", "name"])
      .where("id", "=", shopId)
      .executeTakeFirst();
    if (!shop) return undefined;
    const followers = await this.db
      .selectFrom("follows as f")
      .innerJoin("users as u", "u.id", "f.user_id")
      .select(["u.name", "u.profile_picture"])
      .where("f.shop_id", "=", shopId)
      .where("u.deleted_at", "is", null)
      .orderBy("f.id", "desc")
      .execute();
    return { shop: { ...shop, number_of_followers: followers.length }, followers };
  }
}

type Row = Omit<ShopWire, "rating"> & { rating: number | string };

function toWire(row: Row): ShopWire {
  return { ...row, rating: Number(row.rating), category: row.category.map(Number) };
}
