import { type Kysely, sql } from "kysely";
import type { CodePurpose, Database } from "../db/schema.js";
import { codeHash, newCode, sameHash } from "./secrets.js";

// One-time codes (issue 4): 5 digits, bound to a user and a purpose (sign-up, reset, e-mail change,
// and for an e-mail change to the new address), single use, expiring after 10 minutes, dead after 5
// wrong tries. A new code supersedes the open ones of the same purpose. Each account is sent at most
// CODES_PER_DAY codes a day (UTC), counted in the database (code_allowances), so the bound holds
// across restarts and instances: with 5 tries per code, at most 40 guesses a day at 100,000 codes
// (issue 14 MF7: about 1.2% in 30 days, against 25% before).

export const CODE_TTL_MS = 10 * 60 * 1000;
export const CODE_MAX_ATTEMPTS = 5;
export const CODES_PER_DAY = 8;

export type CodeCheck =
  /** The code was right; it is now used up. */
  | { ok: true; newEmail: string | null }
  /** A live code exists and this was not it (one try counted). */
  | { ok: false; reason: "wrong" }
  /** No code can succeed: none was sent, it expired, was used, or had too many wrong tries. */
  | { ok: false; reason: "no-live-code" };

type Db = Kysely<Database>;

/** Seconds until the daily code allowance starts again (the next midnight, UTC). */
export function secondsToNextDay(now = new Date()): number {
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  return Math.max(1, Math.ceil((midnight - now.getTime()) / 1000));
}

/**
 * Issues a new code of `purpose` to the user; null (nothing issued) when the account was already
 * sent CODES_PER_DAY codes today. Counting and issuing are one transaction, and the count is one
 * conditional upsert, so instances at once cannot exceed the bound.
 */
export async function issueCode(
  db: Db,
  userId: number,
  purpose: CodePurpose,
  newEmail: string | null = null,
): Promise<string | null> {
  const code = newCode();
  return db.transaction().execute(async (trx) => {
    const counted = await sql<{ codes_sent: number }>`
      INSERT INTO code_allowances (user_id, day, codes_sent)
      VALUES (${userId}, (now() AT TIME ZONE 'UTC')::date, 1)
      ON CONFLICT (user_id, day) DO UPDATE SET codes_sent = code_allowances.codes_sent + 1
      WHERE code_allowances.codes_sent < ${CODES_PER_DAY}
      RETURNING codes_sent`.execute(trx);
    if (counted.rows.length === 0) return null;
    await trx
      .updateTable("one_time_codes")
      .set({ used_at: sql`now()` })
      .where("user_id", "=", userId)
      .where("purpose", "=", purpose)
      .where("used_at", "is", null)
      .execute();
    await trx
      .insertInto("one_time_codes")
      .values({
        user_id: userId,
        purpose,
        code_hash: codeHash(userId, purpose, code),
        new_email: newEmail,
        expires_at: new Date(Date.now() + CODE_TTL_MS),
      })
      .execute();
    return code;
  });
}

/**
 * Checks `code` against the user's newest open code of `purpose` (and, for an e-mail change, of that
 * new address). Counting a wrong try and using up a right code are single conditional updates, so
 * two requests at once cannot both use one code or exceed the tries.
 */
export async function checkCode(
  db: Db,
  userId: number,
  purpose: CodePurpose,
  code: string,
  newEmail?: string,
): Promise<CodeCheck> {
  let query = db
    .selectFrom("one_time_codes")
    .select(["id", "code_hash", "new_email"])
    .where("user_id", "=", userId)
    .where("purpose", "=", purpose)
    .where("used_at", "is", null)
    .where("expires_at", ">", sql<Date>`now()`)
    .where("attempts", "<", CODE_MAX_ATTEMPTS);
  if (newEmail !== undefined) {
    query = query.where((eb) => eb(eb.fn("lower", ["new_email"]), "=", newEmail.trim().toLowerCase()));
  }
  const live = await query.orderBy("created_at", "desc").orderBy("id", "desc").limit(1).executeTakeFirst();
  if (!live) return { ok: false, reason: "no-live-code" };

  if (!sameHash(live.code_hash, codeHash(userId, purpose, code))) {
    const counted = await db
      .updateTable("one_time_codes")
      .set({ attempts: sql`attempts + 1` })
      .where("id", "=", live.id)
      .where("used_at", "is", null)
      .where("attempts", "<", CODE_MAX_ATTEMPTS)
      .returning("id")
      .executeTakeFirst();
    return { ok: false, reason: counted ? "wrong" : "no-live-code" };
  }
  const used = await db
    .updateTable("one_time_codes")
    .set({ used_at: sql`now()` })
    .where("id", "=", live.id)
    .where("used_at", "is", null)
    .where("attempts", "<", CODE_MAX_ATTEMPTS)
    .where("expires_at", ">", sql<Date>`now()`)
    .returning("id")
    .executeTakeFirst();
  return used ? { ok: true, newEmail: live.new_email } : { ok: false, reason: "no-live-code" };
}
