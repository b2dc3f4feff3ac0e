import { type Kysely, sql } from "kysely";
import type { CodePurpose, Database } from "../db/schema.js";
import { codeHash, newCode, sameHash } from "./secrets.js";

// One-time codes (issue 4): 5 digits, bound to a user and a purpose (sign-up, reset, e-mail change,
// and for an e-mail change to the new address), single use, expiring after 10 minutes, dead after 5
// wrong tries. A new code supersedes the open ones of the same purpose. Codes a day (UTC) are
// counted in the database, so the bounds hold across restarts and instances: each address asking
// for an account's codes has a share of CODES_PER_DAY_PER_ADDRESS (code_allowance_addresses), and
// the account a ceiling of CODES_PER_DAY over all addresses (code_allowances). A stranger's address
// uses up its own share only; the owner, from theirs, is still sent a code unless six addresses
// together used up the ceiling (issue 28). Guessing: 5 tries per code at 100,000 codes, so one
// address gets 25 guesses a day at an account (0.75% in 30 days), and six or more addresses
// together 150 (4.5%; issue 14 MF7 measured 25% before any allowance).

export const CODE_TTL_MS = 10 * 60 * 1000;
export const CODE_MAX_ATTEMPTS = 5;
/** Codes an account is sent a day at the request of one address. */
export const CODES_PER_DAY_PER_ADDRESS = 5;
/** Codes an account is sent a day over every address: only several addresses together reach it. */
export const CODES_PER_DAY = 30;

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

/** The allowance was used up: the transaction's count is undone. */
class NoAllowance extends Error {}

/**
 * Issues a new code of `purpose` to the user, asked for from `address`; null (nothing issued) when
 * that address's share of the account's codes today, or the account's ceiling, is used up. Counting
 * and issuing are one transaction, and each count is one conditional upsert, so instances at once
 * cannot exceed the bounds.
 */
export async function issueCode(
  db: Db,
  userId: number,
  purpose: CodePurpose,
  address: string,
  newEmail: string | null = null,
): Promise<string | null> {
  const code = newCode();
  try {
    return await db.transaction().execute(async (trx) => {
      const share = await sql<{ codes_sent: number }>`
        INSERT INTO code_allowance_addresses (user_id, day, address, codes_sent)
        VALUES (${userId}, (now() AT TIME ZONE 'UTC')::date, ${address}, 1)
        ON CONFLICT (user_id, day, address) DO UPDATE
          SET codes_sent = code_allowance_addresses.codes_sent + 1
        WHERE code_allowance_addresses.codes_sent < ${CODES_PER_DAY_PER_ADDRESS}
        RETURNING codes_sent`.execute(trx);
      if (share.rows.length === 0) throw new NoAllowance();
      const counted = await sql<{ codes_sent: number }>`
        INSERT INTO code_allowances (user_id, day, codes_sent)
        VALUES (${userId}, (now() AT TIME ZONE 'UTC')::date, 1)
        ON CONFLICT (user_id, day) DO UPDATE SET codes_sent = code_allowances.codes_sent + 1
        WHERE code_allowances.codes_sent < ${CODES_PER_DAY}
        RETURNING codes_sent`.execute(trx);
      if (counted.rows.length === 0) throw new NoAllowance();
      // Past days' shares count for nothing any more.
      await sql`
        DELETE FROM code_allowance_addresses
        WHERE user_id = ${userId} AND day < (now() AT TIME ZONE 'UTC')::date`.execute(trx);
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
  } catch (error) {
    if (error instanceof NoAllowance) return null;
    throw error;
  }
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
