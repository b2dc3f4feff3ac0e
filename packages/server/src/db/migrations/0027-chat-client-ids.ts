import { type Kysely, sql } from "kysely";

// Chat that survives a dead zone: a client names each message it sends with a UUID of its own
// (`client_id` on the socket frame) and sends it again, with the same id, when it cannot tell
// whether the first try arrived. The server stores a message once per sender and client id; a
// repeat is answered with the stored one. Messages without an id (older clients, photos) are as
// before: the index leaves them out.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE chat_messages ADD COLUMN client_id uuid`.execute(db);
  await sql`
    CREATE UNIQUE INDEX chat_messages_sender_client ON chat_messages (sender_id, client_id)
     WHERE client_id IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS chat_messages_sender_client`.execute(db);
  await sql`ALTER TABLE chat_messages DROP COLUMN IF EXISTS client_id`.execute(db);
}
