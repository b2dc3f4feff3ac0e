import { type Kysely, sql } from "kysely";

// Blocking in chat: either side of a room (its customer or the shop's owner) may block it. One row
// per room and blocker; while any row exists no message flows in the room, and the blocker's room
// list leaves it out. Removing the room (or the user) removes its blocks.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE chat_blocks (
      room_id integer NOT NULL REFERENCES chat_rooms(id) ON DELETE CASCADE,
      blocker_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (room_id, blocker_id)
    )`.execute(db);
  await sql`CREATE INDEX chat_blocks_blocker ON chat_blocks (blocker_id, created_at DESC)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS chat_blocks`.execute(db);
}
