import { type Kysely, sql } from "kysely";

// Admins (issue 10): the review lists users' and shops' verification requests together and names
// one by its id alone (`verification/requests/{id}/...`), so both tables draw their ids from one
// sequence from now on. Shop requests whose id a user request already has are numbered anew
// (nothing refers to these ids).

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE SEQUENCE verification_request_id_seq`.execute(db);
  await sql`
    SELECT setval('verification_request_id_seq', greatest(
      (SELECT max(id) FROM user_verification_requests),
      (SELECT max(id) FROM shop_verification_requests),
      1))`.execute(db);
  await sql`
    UPDATE shop_verification_requests SET id = nextval('verification_request_id_seq')
    WHERE id IN (SELECT id FROM user_verification_requests)`.execute(db);
  for (const table of ["user_verification_requests", "shop_verification_requests"]) {
    await sql
      .raw(`ALTER TABLE ${table} ALTER COLUMN id SET DEFAULT nextval('verification_request_id_seq')`)
      .execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["user_verification_requests", "shop_verification_requests"]) {
    await sql.raw(`ALTER TABLE ${table} ALTER COLUMN id SET DEFAULT nextval('${table}_id_seq')`).execute(db);
    await sql
      .raw(`SELECT setval('${table}_id_seq', greatest((SELECT max(id) FROM ${table}), 1))`)
      .execute(db);
  }
  await sql`DROP SEQUENCE IF EXISTS verification_request_id_seq`.execute(db);
}
