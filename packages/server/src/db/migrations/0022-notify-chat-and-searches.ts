import { type Kysely, sql } from "kysely";

// Notifications of chat messages and saved-search matches, and their e-mail:
// - chat_presence: which user has a room open on which instance (PostgreSQL; on PGlite the one
//   instance's sockets say it), a lease renewed with the sockets' heartbeat, so a dead instance's
//   rows stop counting.
// - chat_notices: per room and recipient, the messages that arrived while the room was not open
//   (written by the message's own statement): `pending` not yet handed to the inbox, and the
//   unread stretch (`unread_since`) that gets one e-mail when still unread after a while.
// - saved_searches.ask: the search as checked (categories, words, values…), so matching new
//   products needs no look-ups; saved_search_matches: what the daily digest tells.
// - notification_digests: one digest per user and day, whichever instance sends it.
// - notification_secret: the key of the signed unsubscribe links, made once per database so every
//   instance signs alike.

const STATEMENTS = [
  `CREATE TABLE chat_presence (
    room_id integer NOT NULL REFERENCES chat_rooms(id) ON DELETE CASCADE,
    user_id integer NOT NULL,
    instance uuid NOT NULL,
    until timestamptz NOT NULL,
    PRIMARY KEY (room_id, user_id, instance)
  )`,
  `CREATE TABLE chat_notices (
    room_id integer NOT NULL REFERENCES chat_rooms(id) ON DELETE CASCADE,
    user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    sender_id integer NOT NULL,
    pending integer NOT NULL DEFAULT 0,
    preview text NOT NULL DEFAULT '',
    unread_since timestamptz NOT NULL,
    emailed boolean NOT NULL DEFAULT false,
    PRIMARY KEY (room_id, user_id)
  )`,
  `CREATE INDEX chat_notices_pending ON chat_notices (room_id, user_id) WHERE pending > 0`,
  `CREATE INDEX chat_notices_unmailed ON chat_notices (unread_since) WHERE NOT emailed`,
  `ALTER TABLE saved_searches ADD COLUMN ask jsonb`,
  `CREATE INDEX saved_searches_last_product ON saved_searches (last_product_id)`,
  `CREATE TABLE saved_search_matches (
    search_id integer NOT NULL REFERENCES saved_searches(id) ON DELETE CASCADE,
    product_id integer NOT NULL REFERENCES products(id) ON DELETE CASCADE,
    user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    found_at timestamptz NOT NULL DEFAULT now(),
    digest_day date,
    PRIMARY KEY (search_id, product_id)
  )`,
  `CREATE INDEX saved_search_matches_undigested ON saved_search_matches (user_id) WHERE digest_day IS NULL`,
  `CREATE INDEX saved_search_matches_digest ON saved_search_matches (user_id, digest_day)`,
  `CREATE TABLE notification_digests (
    user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    day date NOT NULL,
    PRIMARY KEY (user_id, day)
  )`,
  `CREATE TABLE notification_secret (
    id boolean PRIMARY KEY DEFAULT true CHECK (id),
    secret text NOT NULL
  )`,
  `INSERT INTO notification_secret (secret)
    VALUES (replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''))`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  // One statement per call: PGlite's extended protocol takes one command at a time.
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      "DROP TABLE notification_secret, notification_digests, saved_search_matches, chat_notices, chat_presence",
    )
    .execute(db);
  await sql.raw("DROP INDEX saved_searches_last_product").execute(db);
  await sql.raw("ALTER TABLE saved_searches DROP COLUMN ask").execute(db);
}
