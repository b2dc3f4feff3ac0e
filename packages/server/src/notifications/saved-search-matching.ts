import { browseQuery } from "@katale/adapters-http/contract";
import { type Kysely, sql } from "kysely";
import type { Database } from "../db/schema.js";
import { type BrowseAsk, BrowseIndex } from "../find/browse-index.js";
import { readBrowseQuery } from "../find/browse-routes.js";
import { queryObject } from "../find/saved-search-routes.js";
import type { Notifier } from "./notification-events.js";

/** Saved searches looked at per sweep (the rest at the next). */
const SEARCHES_PER_SWEEP = 200;
/** New matches of one search kept for the digest per sweep (the newest). */
const MATCHES_KEPT = 20;

type Ask = Omit<BrowseAsk, "skip" | "size">;

/**
 * Finds the new products of saved searches: each search keeps the newest product id it has been
 * matched against (last_product_id) and its query as checked (ask), so a sweep runs the browse
 * index (find/browse-index.ts) on the products after that id only, leaving out the owner's own shops, and looks at a
 * search only when there are newer products. A search with matches records one event (an inbox
 * entry that folds per search) and keeps the newest for the daily digest, in the transaction that
 * moves its id on, so a search is matched once whichever instance sweeps (SKIP LOCKED).
 */
export async function matchSavedSearches(db: Kysely<Database>, notifier: Notifier): Promise<void> {
  const { rows } = await sql<{ newest: number }>`
    SELECT coalesce(max(id), 0)::int AS newest FROM products`.execute(db);
  const newest = Number(rows[0]?.newest ?? 0);
  const due = await db
    .selectFrom("saved_searches")
    .select("id")
    .where("last_product_id", "<", newest)
    .orderBy("id")
    .limit(SEARCHES_PER_SWEEP)
    .execute();
  const index = BrowseIndex.of(db);
  for (const { id } of due) {
    // Matched outside the transaction: the index reads the database itself (on PGlite, one
    // connection, a transaction would hold it); the transaction then claims the search only if no
    // one moved it on meanwhile.
    const search = await db
      .selectFrom("saved_searches")
      .select(["user_id", "query", "ask", "last_product_id"])
      .where("id", "=", id)
      .executeTakeFirst();
    if (!search || search.last_product_id >= newest) continue;
    const ask = (search.ask as Ask | null) ?? (await askOf(db, search.query));
    const found = ask
      ? await index.find({
          ...ask,
          ids: { after: search.last_product_id, upTo: newest },
          notOwnerId: search.user_id,
          sort: "newest",
          skip: 0,
          size: MATCHES_KEPT,
        })
      : undefined;
    await db.transaction().execute(async (trx) => {
      const { rows: claimed } = await sql<{ id: number }>`
        SELECT id FROM saved_searches
        WHERE id = ${id} AND last_product_id = ${search.last_product_id} FOR UPDATE SKIP LOCKED`.execute(trx);
      if (!claimed[0]) return;
      const first = found?.ids[0];
      if (found && first !== undefined) {
        await trx
          .insertInto("saved_search_matches")
          .values(
            found.ids.map((productId) => ({ search_id: id, product_id: productId, user_id: search.user_id })),
          )
          .onConflict((oc) => oc.doNothing())
          .execute();
        await notifier.record(trx, {
          kind: "saved_search_match",
          actor_id: 0,
          search_id: id,
          user_id: search.user_id,
          count: found.total,
          product_id: first,
        });
      }
      await trx
        .updateTable("saved_searches")
        .set({ last_product_id: newest, ask: ask ? JSON.stringify(ask) : null })
        .where("id", "=", id)
        .execute();
    });
  }
}

/** A search saved before its ask was kept: read from its query (undefined when no longer valid). */
async function askOf(db: Kysely<Database>, query: string): Promise<Ask | undefined> {
  const parsed = browseQuery.safeParse(queryObject(query));
  if (!parsed.success) return undefined;
  const read = await readBrowseQuery(db, parsed.data);
  return read.ok ? read.ask : undefined;
}
