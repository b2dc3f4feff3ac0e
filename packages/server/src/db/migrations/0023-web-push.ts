import { type Kysely, sql } from "kysely";

// Web push: each browser's subscription (its push service's endpoint and the keys its messages are
// encrypted to, RFC 8291), and the server's VAPID key pair (RFC 8292), made once by the first
// instance that needs it and read by every other, so all of them sign as the one key browsers hold.

const STATEMENTS = [
  `CREATE TABLE push_subscriptions (
    id serial PRIMARY KEY,
    user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    endpoint text NOT NULL UNIQUE,
    p256dh text NOT NULL,
    auth text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE INDEX push_subscriptions_user ON push_subscriptions (user_id)`,
  `CREATE TABLE push_vapid_keys (
    only_one boolean PRIMARY KEY DEFAULT true CHECK (only_one),
    public_key text NOT NULL,
    private_key text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  // One statement per call: PGlite's extended protocol takes one command at a time.
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw("DROP TABLE push_vapid_keys, push_subscriptions").execute(db);
}
