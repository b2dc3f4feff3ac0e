import { type Kysely, sql } from "kysely";

// The chat's open-socket leases (chat/chat-limits.ts) are rows of rate_limit_counters keyed
// `chat.sockets:<user>:<instance>`; admitting a socket sums a user's leases with `key LIKE
// 'chat.sockets:<user>:%'`. The primary key's index cannot answer a prefix under the database's
// collation (only under "C"), so every socket opened read the whole table: every user's login,
// code and message counters. An index in byte order (text_pattern_ops) reads the user's rows only.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX rate_limit_counters_prefix_idx ON rate_limit_counters (key text_pattern_ops)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS rate_limit_counters_prefix_idx`.execute(db);
}
