import { type Kysely, sql } from "kysely";

// One-time code allowances (issue 14 MF7): how many codes each account was sent per day (UTC), in
// the database so the bound survives restarts and every instance shares it.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE code_allowances (
      user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      day date NOT NULL,
      codes_sent integer NOT NULL DEFAULT 0 CHECK (codes_sent >= 0),
      PRIMARY KEY (user_id, day)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS code_allowances`.execute(db);
}
