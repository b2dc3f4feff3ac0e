import { type Kysely, sql } from "kysely";
import type { CodePurpose, Database } from "../db/schema.js";
import { codeHash, newCode, sameHash } from "./secrets.js";

// One-time codes (issue 4): 5 digits, bound to a user and a purpose (sign-up, reset, e-mail change,
// and for an e-mail change to the new address), single use, expiring 10 minutes after they were
// last sent. A stranger who knows an owner's e-mail must not be able to block the owner's code:
// - Asking again while a code lives sends the same code again (its 10 minutes start again) instead
//   of replacing it: nobody's request kills the code in the owner's inbox.
// - Wrong codes are counted a day (UTC) per account and address, not per code: the address that
//   guesses uses up its own share, WRONG_CODES_PER_DAY_PER_ADDRESS, and is refused; the owner's right
//   code from an address that has its share left still passes. The account has a ceiling,
//   WRONG_CODES_PER_DAY over every address, which refuses everyone (the owner too) once reached: that
//   is a high bar, six addresses (an IPv6 client counts by its /64) each spending its whole share,
//   the same bar as the codes' ceiling below, and without it a stranger with many addresses could
//   guess without end (a ceiling that spares "addresses that have not failed" spares every fresh
//   address of a botnet).
// - Codes a day are counted the same way: each address asking for an account's codes has a share
//   of CODES_PER_DAY_PER_ADDRESS (code_allowance_addresses), and the account a ceiling of
//   CODES_PER_DAY over all addresses (code_allowances) (issue 28).
// Everything is counted in the database, so the bounds hold across restarts and instances.
// Guessing: one address gets 25 guesses a day at an account at 100,000 codes (0.75% in 30 days),
// and six or more addresses together 150 (4.5%), as when a code died after 5 wrong tries (issue 14
// MF7 measured 25% before any allowance).

export const CODE_TTL_MS = 10 * 60 * 1000;
/** Codes an account is sent a day at the request of one address. */
export const CODES_PER_DAY_PER_ADDRESS = 5;
/** Codes an account is sent a day over every address: only several addresses together reach it. */
export const CODES_PER_DAY = 30;
/** Wrong codes entered a day for one account from one address; that address is then refused. */
export const WRONG_CODES_PER_DAY_PER_ADDRESS = 25;
/** Wrong codes entered a day for one account from every address; everyone is then refused. */
export const WRONG_CODES_PER_DAY = 6 * WRONG_CODES_PER_DAY_PER_ADDRESS;

export type CodeCheck =
  /** The code was right; it is now used up. */
  | { ok: true; newEmail: string | null }
  /** A live code exists and this was not it (one wrong try counted). */
  | { ok: false; reason: "wrong" }
  /** No code can succeed: none was sent, it expired or was used. */
  | { ok: false; reason: "no-live-code" }
  /** This address, or every address together, entered the day's wrong codes for the account. */
  | { ok: false; reason: "too-many-today" };

type Db = Kysely<Database>;

/** Seconds until the daily code allowance starts again (the next midnight, UTC). */
export function secondsToNextDay(now = new Date()): number {
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  return Math.max(1, Math.ceil((midnight - now.getTime()) / 1000));
}

/** The allowance was used up: the transaction's count is undone. */
class NoAllowance extends Error {}

/**
 * The code of `purpose` to send the user, asked for from `address` (its limit key): the live one
 * again, else a new one replacing the dead ones; null (nothing to send) when that address's share of
 * the account's codes today, or the account's ceiling, is used up. Counting and issuing are one
 * transaction, and each count is one conditional upsert, so instances at once cannot exceed the
 * bounds.
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
      const expiresAt = new Date(Date.now() + CODE_TTL_MS);
      // A live code (of the same new address) is sent again, with its 10 minutes started again.
      const live = await trx
        .updateTable("one_time_codes")
        .set({ expires_at: expiresAt })
        .where("user_id", "=", userId)
        .where("purpose", "=", purpose)
        .where("used_at", "is", null)
        .where("expires_at", ">", sql<Date>`now()`)
        .where("code", "is not", null)
        .where((eb) => (newEmail === null ? eb("new_email", "is", null) : eb("new_email", "=", newEmail)))
        .returning("code")
        .executeTakeFirst();
      if (live?.code) return live.code;
      await trx
        .updateTable("one_time_codes")
        .set({ used_at: sql`now()`, code: null })
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
          code,
          new_email: newEmail,
          expires_at: expiresAt,
        })
        .execute();
      return code;
    });
  } catch (error) {
    if (error instanceof NoAllowance) return null;
    throw error;
  }
}

/** The check's answer, ending its transaction without keeping its counts. */
class Undone extends Error {
  constructor(readonly result: CodeCheck) {
    super(result.ok ? "ok" : result.reason);
  }
}

/**
 * Checks `code`, entered from `address` (its limit key), against the user's open code of `purpose`
 * (and, for an e-mail change, of that new address). A wrong try is reserved first, against the
 * address's share of the day and the account's ceiling (each one conditional upsert, whose row lock
 * holds until the end), then the code compared: a wrong one keeps the reservation, a right one uses
 * the code and gives it back, and no live code undoes it. So requests at once, on any instance,
 * cannot use one code twice or exceed the day's wrong codes.
 */
export async function checkCode(
  db: Db,
  userId: number,
  purpose: CodePurpose,
  code: string,
  address: string,
  newEmail?: string,
): Promise<CodeCheck> {
  try {
    return await db.transaction().execute(async (trx) => {
      const share = await sql`
        INSERT INTO code_allowance_addresses (user_id, day, address, codes_sent, wrong_codes)
        VALUES (${userId}, (now() AT TIME ZONE 'UTC')::date, ${address}, 0, 1)
        ON CONFLICT (user_id, day, address) DO UPDATE
          SET wrong_codes = code_allowance_addresses.wrong_codes + 1
        WHERE code_allowance_addresses.wrong_codes < ${WRONG_CODES_PER_DAY_PER_ADDRESS}
        RETURNING wrong_codes`.execute(trx);
      if (share.rows.length === 0) throw new Undone({ ok: false, reason: "too-many-today" });
      const ceiling = await sql`
        INSERT INTO code_allowances (user_id, day, codes_sent, wrong_codes)
        VALUES (${userId}, (now() AT TIME ZONE 'UTC')::date, 0, 1)
        ON CONFLICT (user_id, day) DO UPDATE SET wrong_codes = code_allowances.wrong_codes + 1
        WHERE code_allowances.wrong_codes < ${WRONG_CODES_PER_DAY}
        RETURNING wrong_codes`.execute(trx);
      if (ceiling.rows.length === 0) throw new Undone({ ok: false, reason: "too-many-today" });

      let query = trx
        .selectFrom("one_time_codes")
        .select(["id", "code_hash", "new_email"])
        .where("user_id", "=", userId)
        .where("purpose", "=", purpose)
        .where("used_at", "is", null)
        .where("expires_at", ">", sql<Date>`now()`);
      if (newEmail !== undefined) {
        query = query.where((eb) => eb(eb.fn("lower", ["new_email"]), "=", newEmail.trim().toLowerCase()));
      }
      const live = await query
        .orderBy("created_at", "desc")
        .orderBy("id", "desc")
        .limit(1)
        .executeTakeFirst();
      if (!live) throw new Undone({ ok: false, reason: "no-live-code" });

      if (!sameHash(live.code_hash, codeHash(userId, purpose, code))) {
        await trx
          .updateTable("one_time_codes")
          .set({ attempts: sql`attempts + 1` })
          .where("id", "=", live.id)
          .execute();
        return { ok: false, reason: "wrong" } as const;
      }
      const used = await trx
        .updateTable("one_time_codes")
        .set({ used_at: sql`now()`, code: null })
        .where("id", "=", live.id)
        .where("used_at", "is", null)
        .returning("id")
        .executeTakeFirst();
      if (!used) throw new Undone({ ok: false, reason: "no-live-code" });
      // A right code is not a wrong try: the reservation is given back.
      await sql`
        UPDATE code_allowance_addresses SET wrong_codes = wrong_codes - 1
        WHERE user_id = ${userId} AND day = (now() AT TIME ZONE 'UTC')::date AND address = ${address}
          AND wrong_codes > 0`.execute(trx);
      await sql`
        UPDATE code_allowances SET wrong_codes = wrong_codes - 1
        WHERE user_id = ${userId} AND day = (now() AT TIME ZONE 'UTC')::date AND wrong_codes > 0`.execute(
        trx,
      );
      return { ok: true, newEmail: live.new_email } as const;
    });
  } catch (error) {
    if (error instanceof Undone) return error.result;
    throw error;
  }
}
