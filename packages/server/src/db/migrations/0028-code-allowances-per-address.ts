import { type Kysely, sql } from "kysely";

// The daily code allowance per account and requesting address: each address asking codes for an
// account has a share of its own, so a stranger's address uses up only its own share and the owner,
// from their address, is still sent a code. code_allowances (0004) stays the account's ceiling
// over every address. Rows of past days are removed as new codes are issued.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE code_allowance_addresses (
      user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      day date NOT NULL,
      address text NOT NULL,
      codes_sent integer NOT NULL DEFAULT 0 CHECK (codes_sent >= 0),
      PRIMARY KEY (user_id, day, address)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS code_allowance_addresses`.execute(db);
}
