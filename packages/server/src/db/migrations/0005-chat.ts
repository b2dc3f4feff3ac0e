import { type Kysely, sql } from "kysely";

// Live chat (issue 11). The tables of migration 0001 gain what the list and the socket need:
// - when each side last read the room (unread counts: the other party's messages newer than that);
// - messages of 1..2000 characters (new rows; NOT VALID leaves older rows alone);
// - indexes for the caller's rooms (as customer; as owner through shops.owner_id and chat_rooms_shop_idx
//   of 0001) and for a room's history paged back by time (also its latest message and unread count).
//   No index holds the read and latest-message times, which change with every message: those updates
//   stay HOT (no index write).

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE chat_rooms ADD COLUMN customer_last_read_at timestamptz`.execute(db);
  await sql`ALTER TABLE chat_rooms ADD COLUMN owner_last_read_at timestamptz`.execute(db);
  await sql`
    ALTER TABLE chat_messages ADD CONSTRAINT chat_messages_length_check
      CHECK (char_length(message) BETWEEN 1 AND 2000) NOT VALID`.execute(db);
  await sql`CREATE INDEX chat_rooms_customer_idx ON chat_rooms (customer_id)`.execute(db);
  await sql`
    CREATE INDEX chat_messages_room_time_idx ON chat_messages (room_id, created_at DESC, id DESC)`.execute(
    db,
  );
  await sql`DROP INDEX IF EXISTS chat_messages_room_idx`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE INDEX IF NOT EXISTS chat_messages_room_idx ON chat_messages (room_id, created_at)`.execute(db);
  await sql`DROP INDEX IF EXISTS chat_messages_room_time_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS chat_rooms_customer_idx`.execute(db);
  await sql`ALTER TABLE chat_messages DROP CONSTRAINT IF EXISTS chat_messages_length_check`.execute(db);
  await sql`ALTER TABLE chat_rooms DROP COLUMN IF EXISTS owner_last_read_at`.execute(db);
  await sql`ALTER TABLE chat_rooms DROP COLUMN IF EXISTS customer_last_read_at`.execute(db);
}
