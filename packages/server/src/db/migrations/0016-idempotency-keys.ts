import { type Kysely, sql } from "kysely";

// Idempotency keys of creating calls (http/idempotency.ts): one row per user (0: a visitor) and key,
// kept 24 hours, in the database so that every instance answers a retry the same way. `request_hash` is the
// request's fingerprint (method, path, body, files by content); `status` and `body` are the first
// answer, both null while the first request is still being worked on (`started_at` says since when).

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE idempotency_keys (
      user_id integer NOT NULL,
      key text NOT NULL,
      request_hash text NOT NULL,
      status integer,
      body text,
      started_at timestamptz NOT NULL DEFAULT now(),
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (user_id, key)
    )`.execute(db);
  await sql`CREATE INDEX idempotency_keys_created_idx ON idempotency_keys (created_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS idempotency_keys`.execute(db);
}
