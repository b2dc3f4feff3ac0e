import { type Kysely, sql } from "kysely";
import type { Database } from "../db/schema.js";
import { revokeUserTokens } from "./authenticate.js";
import { newSecret, sha256 } from "./secrets.js";
import { UserRepository } from "./user-repository.js";

// Reset keys (spec §7 verify_reset_password -> key): 256 random bits, stored hashed, single use,
// expiring after 15 minutes. A new key supersedes the user's open ones.

export const RESET_KEY_TTL_MS = 15 * 60 * 1000;

type Db = Kysely<Database>;

export async function issueResetKey(db: Db, userId: number): Promise<string> {
  const key = newSecret();
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("reset_keys")
      .set({ used_at: sql`now()` })
      .where("user_id", "=", userId)
      .where("used_at", "is", null)
      .execute();
    await trx
      .insertInto("reset_keys")
      .values({ user_id: userId, key_hash: sha256(key), expires_at: new Date(Date.now() + RESET_KEY_TTL_MS) })
      .execute();
  });
  return key;
}

/** The user of a live key, without using it up (to check the new password against the account). */
export async function userOfResetKey(db: Db, key: string): Promise<number | null> {
  const row = await db
    .selectFrom("reset_keys")
    .select("user_id")
    .where("key_hash", "=", sha256(key))
    .where("used_at", "is", null)
    .where("expires_at", ">", sql<Date>`now()`)
    .executeTakeFirst();
  return row?.user_id ?? null;
}

/** Uses up a live key in one conditional update; answers its user, or null. */
export async function useResetKey(db: Db, key: string): Promise<number | null> {
  const row = await db
    .updateTable("reset_keys")
    .set({ used_at: sql`now()` })
    .where("key_hash", "=", sha256(key))
    .where("used_at", "is", null)
    .where("expires_at", ">", sql<Date>`now()`)
    .returning("user_id")
    .executeTakeFirst();
  return row?.user_id ?? null;
}

/**
 * Sets the password of the key's user and ends every session, in one transaction; the code proved
 * the e-mail, so an unverified account becomes verified. Answers the user, or null for a dead key.
 */
export async function resetPassword(db: Db, key: string, passwordHash: string): Promise<number | null> {
  return db.transaction().execute(async (trx) => {
    const userId = await useResetKey(trx, key);
    if (userId === null) return null;
    await new UserRepository(trx).setPassword(userId, passwordHash, { emailVerified: true });
    await revokeUserTokens(trx, userId);
    return userId;
  });
}
