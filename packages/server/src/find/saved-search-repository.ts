import type { SavedSearchWire } from "@katale/adapters-http/contract";
import { SAVED_SEARCHES_MAX } from "@katale/adapters-http/contract";
import { type Kysely, sql } from "kysely";
import type { Database } from "../db/schema.js";

// A user's saved searches (browse query strings). Each keeps the newest product id there was when it
// was saved (last_product_id): the products that match it and have a larger id are the new ones, found
// on the primary key without reading what was there before.

const wire = (row: { id: number; name: string; query: string; created_at: Date }): SavedSearchWire => ({
  id: row.id,
  name: row.name,
  query: row.query,
  created_at: new Date(row.created_at).toISOString(),
});

export class SavedSearchRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Saves the search, or answers "too-many" when the user keeps SAVED_SEARCHES_MAX already. */
  /** `ask`: the query as checked, kept for matching new products (notifications/saved-search-matching.ts). */
  save(userId: number, name: string, query: string, ask?: object): Promise<SavedSearchWire | "too-many"> {
    return this.db.transaction().execute(async (trx) => {
      // One save of a user at a time: two at once cannot both take the last place.
      await sql`SELECT id FROM users WHERE id = ${userId} FOR UPDATE`.execute(trx);
      const { n } = await trx
        .selectFrom("saved_searches")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("user_id", "=", userId)
        .executeTakeFirstOrThrow();
      if (Number(n) >= SAVED_SEARCHES_MAX) return "too-many" as const;
      const row = await trx
        .insertInto("saved_searches")
        .values({
          user_id: userId,
          name,
          query,
          ask: ask ? JSON.stringify(ask) : null,
          last_product_id: sql<number>`(SELECT coalesce(max(id), 0) FROM products)`,
        })
        .returning(["id", "name", "query", "created_at"])
        .executeTakeFirstOrThrow();
      return wire(row);
    });
  }

  /** The user's saved searches, newest first. */
  async list(userId: number): Promise<SavedSearchWire[]> {
    const rows = await this.db
      .selectFrom("saved_searches")
      .select(["id", "name", "query", "created_at"])
      .where("user_id", "=", userId)
      .orderBy("id", "desc")
      .execute();
    return rows.map(wire);
  }

  /** Deletes the user's saved search; false when the user has none with that id. */
  async remove(userId: number, id: number): Promise<boolean> {
    const result = await this.db
      .deleteFrom("saved_searches")
      .where("id", "=", id)
      .where("user_id", "=", userId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
