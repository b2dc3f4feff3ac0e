import { type Kysely, sql } from "kysely";

// What identifies each product picture, kept with it: the SHA-256 of the file uploaded and of the
// file served at its path (the upload is re-encoded, so they differ). `katale products import`
// compares a row's files with these, so an export followed by an import uploads nothing, and an
// interrupted import run again uploads nothing twice. Pictures stored before this migration have
// neither; the served file's hash is filled in when the owner's paged listing first asks for it
// (reading every stored file here would make the migration as slow as the media is large).

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE product_images ADD COLUMN uploaded_sha256 text, ADD COLUMN served_sha256 text`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE product_images DROP COLUMN uploaded_sha256, DROP COLUMN served_sha256`.execute(db);
}
