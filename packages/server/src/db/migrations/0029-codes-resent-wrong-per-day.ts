import { type Kysely, sql } from "kysely";

// A stranger cannot block an owner's one-time code (auth/one-time-codes.ts):
// - one_time_codes.code keeps a live code so that a new request sends the same code again instead
//   of replacing it (the stranger's request no longer kills the code in the owner's inbox). Its
//   SHA-256 (code_hash) hides nothing — 100,000 candidates — so keeping it adds no exposure; it is
//   cleared once the code is used or replaced.
// - wrong_codes counts the day's wrong codes per account and address (code_allowance_addresses)
//   and per account (code_allowances): a code no longer dies after 5 wrong tries from anyone.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE one_time_codes ADD COLUMN code text`.execute(db);
  await sql`
    ALTER TABLE code_allowances
      ADD COLUMN wrong_codes integer NOT NULL DEFAULT 0 CHECK (wrong_codes >= 0)`.execute(db);
  await sql`
    ALTER TABLE code_allowance_addresses
      ADD COLUMN wrong_codes integer NOT NULL DEFAULT 0 CHECK (wrong_codes >= 0)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE code_allowance_addresses DROP COLUMN IF EXISTS wrong_codes`.execute(db);
  await sql`ALTER TABLE code_allowances DROP COLUMN IF EXISTS wrong_codes`.execute(db);
  await sql`ALTER TABLE one_time_codes DROP COLUMN IF EXISTS code`.execute(db);
}
