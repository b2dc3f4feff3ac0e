import { type Kysely, sql } from "kysely";

// A push's receipt is a claim until the push service answers: `pending_until` says how long the
// runner that claimed it may take. A runner killed in between leaves the claim, which expires, and
// the job's next run sends that push again (the Topic header and the notification's tag make a
// second copy replace the first). Receipts of the other channels, and answered pushes, hold null.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE notification_receipts ADD COLUMN pending_until timestamptz`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE notification_receipts DROP COLUMN pending_until`.execute(db);
}
