import { moderationMessages } from "@katale/domain";
import type { FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import { authenticate } from "../auth/authenticate.js";
import type { Database } from "../db/schema.js";

// What the owner of a hidden product (or an admin) still reads: the product with a moderation note
// (`moderation: {"hidden": true, "note"}`) beside its fields. Everyone else hears 404, as if it had
// never been. Only requests with a token can be the owner's, and those are never kept by the read cache.

type Db = Kysely<Database>;

export type ModerationNote = { hidden: true; note: string };

/** The words shown to the owner: the moderator's note, or why the reports' threshold hid it. */
export function noteOf(hold: { note: string; automatic: boolean } | undefined): string {
  if (!hold) return moderationMessages.hiddenByModerators("");
  return hold.automatic ? moderationMessages.autoHidden : moderationMessages.hiddenByModerators(hold.note);
}

/**
 * The moderation note of a hidden product for the request, when its token is the product's shop
 * owner's or an admin's; undefined for anyone else (answer 404).
 */
export async function hiddenProductForOwner(
  db: Db,
  request: FastifyRequest,
  product: { product_id: number; shop_id: number },
): Promise<ModerationNote | undefined> {
  const user = await authenticate(request, db);
  if (!user) return undefined;
  const shop = await db
    .selectFrom("shops")
    .select("owner_id")
    .where("id", "=", product.shop_id)
    .executeTakeFirst();
  if (!shop || (shop.owner_id !== user.id && !user.isAdmin)) return undefined;
  const hold = await db
    .selectFrom("moderation_holds")
    .select(["note", "automatic", "target"])
    .where((eb) =>
      eb.or([
        eb.and([eb("target", "=", "product"), eb("target_id", "=", product.product_id)]),
        eb.and([eb("target", "=", "shop"), eb("target_id", "=", product.shop_id)]),
      ]),
    )
    .orderBy("target", "asc")
    .executeTakeFirst();
  return { hidden: true, note: noteOf(hold) };
}

/** Whether the request's token is the shop owner's (or an admin's). */
export async function isShopOwnerOrAdmin(db: Db, request: FastifyRequest, shopId: number): Promise<boolean> {
  if (tokenAbsent(request)) return false;
  const user = await authenticate(request, db);
  if (!user) return false;
  if (user.isAdmin) return true;
  const shop = await db.selectFrom("shops").select("owner_id").where("id", "=", shopId).executeTakeFirst();
  return shop?.owner_id === user.id;
}

const tokenAbsent = (request: FastifyRequest) => request.headers.authorization === undefined;
