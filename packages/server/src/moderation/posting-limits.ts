import { moderationMessages } from "@katale/domain";
import type { FastifyReply } from "fastify";
import { type Kysely, sql } from "kysely";
import type { Database } from "../db/schema.js";
import { sendError } from "../http/error-reply.js";

// Who may list products: not the owner of a suspended shop, in any of their shops (403 shop_suspended), and an account
// less than a day old at most NEW_ACCOUNT_DAILY_PRODUCTS products (429 new_account_limit, with
// Retry-After: the seconds until the account is a day old, when the limit lifts). A 429 and not a
// 400, because the same request succeeds unchanged later; clients wait as for any rate limit.

type Db = Kysely<Database>;

/**
 * Answers 403 shop_suspended when moderators suspended a shop of `ownerId`; true when it did. A
 * suspension stops its owner posting, not the one shop: no product listed or changed in their other
 * shops, and no new shop opened, until it is restored.
 */
export async function refusedSuspendedSeller(db: Db, reply: FastifyReply, ownerId: number): Promise<boolean> {
  const hold = await db
    .selectFrom("moderation_holds as h")
    .innerJoin("shops as s", (join) => join.on("h.target", "=", "shop").onRef("s.id", "=", "h.target_id"))
    .select("h.kind")
    .where("s.owner_id", "=", ownerId)
    .where("h.kind", "=", "suspend")
    .executeTakeFirst();
  if (!hold) return false;
  await sendError(reply, 403, "shop_suspended", { detail: moderationMessages.shopSuspended });
  return true;
}

/**
 * How many more products a new account may list today, and the seconds until its limit lifts;
 * null when it has no limit (a day old, or no limit set).
 */
export async function newAccountAllowance(
  db: Db,
  userId: number,
  most: number,
): Promise<{ left: number; waitSeconds: number } | null> {
  if (most <= 0) return null;
  const { rows } = await sql<{ wait: string | number; listed: string | number }>`
    SELECT extract(epoch FROM u.created_at + interval '24 hours' - now()) AS wait,
           (SELECT count(*) FROM products p JOIN shops s ON s.id = p.shop_id
             WHERE s.owner_id = u.id AND p.created_at > now() - interval '24 hours') AS listed
    FROM users u WHERE u.id = ${userId} AND u.created_at > now() - interval '24 hours'`.execute(db);
  const row = rows[0];
  if (!row) return null;
  return {
    left: Math.max(0, most - Number(row.listed)),
    waitSeconds: Math.max(1, Math.ceil(Number(row.wait))),
  };
}

/** Answers 429 new_account_limit when a new account listed its day's most products; true when it did. */
export async function refusedNewAccountProduct(
  db: Db,
  reply: FastifyReply,
  userId: number,
  most: number,
): Promise<boolean> {
  const allowance = await newAccountAllowance(db, userId, most);
  if (!allowance || allowance.left > 0) return false;
  reply.header("retry-after", String(allowance.waitSeconds));
  await sendError(reply, 429, "new_account_limit", {
    detail: moderationMessages.newAccountDailyProducts(most),
  });
  return true;
}
