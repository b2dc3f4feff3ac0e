import { type Kysely, sql } from "kysely";

// Photos in chat (issue 11): a message may carry a picture (`image`, the host path of a public
// image under /media/chat/, uploaded, checked and re-encoded like every image). A photo needs no
// text: the 1..2000 characters of 0005 become at most 2000, and at least 1 unless there is a
// picture. NOT VALID: older rows were checked by 0005's rule already. A partial index finds the
// message that still shows a file (media-references.ts) without reading every message.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE chat_messages ADD COLUMN image text`.execute(db);
  await sql`ALTER TABLE chat_messages DROP CONSTRAINT IF EXISTS chat_messages_length_check`.execute(db);
  await sql`
    ALTER TABLE chat_messages ADD CONSTRAINT chat_messages_length_check
      CHECK (char_length(message) <= 2000 AND (char_length(message) >= 1 OR image IS NOT NULL)) NOT VALID`.execute(
    db,
  );
  await sql`CREATE INDEX chat_messages_image_idx ON chat_messages (image) WHERE image IS NOT NULL`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS chat_messages_image_idx`.execute(db);
  await sql`DELETE FROM chat_messages WHERE char_length(message) = 0`.execute(db);
  await sql`ALTER TABLE chat_messages DROP CONSTRAINT IF EXISTS chat_messages_length_check`.execute(db);
  await sql`
    ALTER TABLE chat_messages ADD CONSTRAINT chat_messages_length_check
      CHECK (char_length(message) BETWEEN 1 AND 2000) NOT VALID`.execute(db);
  await sql`ALTER TABLE chat_messages DROP COLUMN IF EXISTS image`.execute(db);
}
