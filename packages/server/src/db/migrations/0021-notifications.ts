import { type Kysely, sql } from "kysely";

// Notifications: the inbox (one row per entry a user sees; bursts fold into one unread entry by
// `fold_key`), each user's choices per kind and channel, and the receipts that make delivery
// idempotent per event, user and channel (a job run twice, or on two instances, writes once).
// `jobs` is the embedded database's job queue (jobs/table-queue.ts); PostgreSQL uses pg-boss's
// own schema instead.

const STATEMENTS = [
  `CREATE TABLE notifications (
    id serial PRIMARY KEY,
    user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    kind text NOT NULL,
    fold_key text,
    count integer NOT NULL DEFAULT 1,
    subject text NOT NULL,
    detail jsonb NOT NULL DEFAULT '{}'::jsonb,
    url text NOT NULL,
    image_url text,
    created_at timestamptz NOT NULL DEFAULT now(),
    read boolean NOT NULL DEFAULT false
  )`,
  `CREATE INDEX notifications_user_newest ON notifications (user_id, created_at DESC, id DESC)`,
  `CREATE INDEX notifications_user_unread ON notifications (user_id) WHERE NOT read`,
  `CREATE UNIQUE INDEX notifications_unread_fold ON notifications (user_id, fold_key)
    WHERE NOT read AND fold_key IS NOT NULL`,
  `CREATE TABLE notification_settings (
    user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    kind text NOT NULL,
    inbox boolean NOT NULL,
    email boolean NOT NULL,
    push boolean NOT NULL,
    PRIMARY KEY (user_id, kind)
  )`,
  `CREATE TABLE notification_receipts (
    event_id uuid NOT NULL,
    user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    channel text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (event_id, user_id, channel)
  )`,
  `CREATE INDEX notification_receipts_age ON notification_receipts (created_at)`,
  `CREATE TABLE jobs (
    id bigserial PRIMARY KEY,
    name text NOT NULL,
    data jsonb NOT NULL,
    attempts integer NOT NULL DEFAULT 0,
    run_after timestamptz NOT NULL DEFAULT now(),
    last_error text
  )`,
  `CREATE INDEX jobs_due ON jobs (run_after, id)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  // One statement per call: PGlite's extended protocol takes one command at a time.
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw("DROP TABLE jobs, notification_receipts, notification_settings, notifications").execute(db);
}
