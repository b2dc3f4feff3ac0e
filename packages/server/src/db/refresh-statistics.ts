import { type Kysely, sql } from "kysely";
import type { Database } from "./schema.js";

/**
 * After a bulk load: refresh the planner's statistics and the visibility map. PGlite runs no
 * autovacuum, so without this the planner guesses on an empty table's numbers and index-only scans
 * fall back to the heap.
 */
export async function refreshStatistics(db: Kysely<Database>): Promise<void> {
  await sql`VACUUM ANALYZE`.execute(db);
}
