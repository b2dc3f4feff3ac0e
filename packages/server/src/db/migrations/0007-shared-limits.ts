import { type Kysely, sql } from "kysely";

// Rate-limit counters shared by every server instance on one PostgreSQL (issue 13): the table of
// rate-limiter-flexible's PostgreSQL store (http/shared-counters.ts), created here rather than by
// the library at run time. One row per limit and key (`auth.loginPerAddress:10.0.0.7`): the points
// used in the window and when the window ends (ms since 1970). Rows of ended windows are swept.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE rate_limit_counters (
      key text PRIMARY KEY,
      points integer NOT NULL DEFAULT 0,
      expire bigint
    )`.execute(db);
  await sql`CREATE INDEX rate_limit_counters_expire_idx ON rate_limit_counters (expire)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS rate_limit_counters`.execute(db);
}
