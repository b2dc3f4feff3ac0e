import { type Kysely, sql } from "kysely";
import type { Database } from "../db/schema.js";
import { chatRoomUrl, itemUrl, savedSearchUrl, shopAdminUrl } from "../web-paths.js";
import { deliverToInbox, type InboxDelivery, type InboxEntry } from "./inbox-delivery.js";
import type { NotificationEvent } from "./notification-events.js";

type Recorded = NotificationEvent & { readonly event_id: string };

/**
 * Delivers one recorded event to its recipients' inboxes. Reads what the entry shows now (a product
 * deleted meanwhile is notified to no one). Idempotent: see deliverToInbox. Answers the entries written.
 */
export async function deliverEvent(db: Kysely<Database>, event: Recorded): Promise<InboxDelivery[]> {
  const planned = await plan(db, event);
  if (!planned) return [];
  return deliverToInbox(db, event.event_id, planned.recipients, planned.entry);
}

/** Who an event is for and what their entry says; undefined when what it is about is gone. */
export async function plan(db: Kysely<Database>, event: Recorded) {
  const actor = event.actor_id;
  switch (event.kind) {
    case "new_follower": {
      const shop = await shopOf(db, event.shop_id);
      if (!shop) return undefined;
      return {
        recipients: sql<{
          user_id: number;
        }>`SELECT owner_id AS user_id FROM shops WHERE id = ${shop.id} AND owner_id <> ${actor}`,
        entry: entry(
          event.kind,
          `followers:${shop.id}`,
          shop.name,
          {},
          shopAdminUrl(shop.name),
          shop.display_image,
        ),
      };
    }
    case "review_on_my_product": {
      const product = await productOf(db, event.product_id);
      if (!product) return undefined;
      return {
        recipients: sql<{
          user_id: number;
        }>`SELECT owner_id AS user_id FROM shops WHERE id = ${product.shop_id} AND owner_id <> ${actor}`,
        entry: entry(
          event.kind,
          `reviews:${product.id}`,
          product.name,
          {},
          itemUrl(product.slug),
          product.image,
        ),
      };
    }
    case "new_product_from_followed_shop": {
      const product = await productOf(db, event.product_id);
      if (!product) return undefined;
      return {
        recipients: sql<{
          user_id: number;
        }>`SELECT user_id FROM follows WHERE shop_id = ${product.shop_id} AND user_id <> ${actor}`,
        entry: entry(
          event.kind,
          `shop-new:${product.shop_id}`,
          product.shop_name,
          { product: product.name },
          itemUrl(product.slug),
          product.image,
        ),
      };
    }
    case "saved_product_price_drop":
    case "saved_product_back_in_stock": {
      const product = await productOf(db, event.product_id);
      if (!product) return undefined;
      const detail =
        event.kind === "saved_product_price_drop" ? { price_was: event.price_was, price: event.price } : {};
      const fold = event.kind === "saved_product_price_drop" ? "price" : "stock";
      return {
        recipients: sql<{
          user_id: number;
        }>`SELECT user_id FROM saved_products WHERE product_id = ${product.id} AND user_id <> ${actor}`,
        entry: entry(
          event.kind,
          `${fold}:${product.id}`,
          product.name,
          detail,
          itemUrl(product.slug),
          product.image,
        ),
      };
    }
    case "verification_decided": {
      const shop = event.shop_id === undefined ? undefined : await shopOf(db, event.shop_id);
      if (event.shop_id !== undefined && !shop) return undefined;
      const detail = { status: event.status, ...(event.reason ? { reason: event.reason } : {}) };
      return {
        recipients: sql<{
          user_id: number;
        }>`SELECT id AS user_id FROM users WHERE id = ${event.applicant_id} AND id <> ${actor}`,
        entry: entry(
          event.kind,
          null,
          shop ? shop.name : "Your account",
          detail,
          shop ? shopAdminUrl(shop.name) : "/account/account",
          shop?.display_image ?? null,
        ),
      };
    }
    case "chat_message": {
      const room = await roomOf(db, event.room_id);
      if (!room) return undefined;
      const fromShop = event.actor_id !== room.customer_id;
      return {
        recipients: sql<{ user_id: number }>`SELECT id AS user_id FROM users
          WHERE id = ${event.recipient_id} AND id <> ${actor}
            AND id IN (${room.customer_id}, ${room.owner_id})`,
        entry: {
          ...entry(
            event.kind,
            `chat:${room.id}`,
            fromShop ? room.shop_name : room.customer_name,
            { preview: event.preview },
            chatRoomUrl(room.slug),
            fromShop ? room.shop_image : room.customer_picture,
          ),
          count: event.count,
        },
      };
    }
    case "saved_search_match": {
      const search = await db
        .selectFrom("saved_searches")
        .select(["id", "name", "query"])
        .where("id", "=", event.search_id)
        .executeTakeFirst();
      const product = await productOf(db, event.product_id);
      if (!search || !product) return undefined;
      return {
        // Never of one's own products (the matching leaves them out; a shop changing hands meanwhile too).
        recipients: sql<{ user_id: number }>`SELECT s.user_id FROM saved_searches s
          WHERE s.id = ${search.id} AND s.user_id <> ${actor}
            AND NOT EXISTS (SELECT 1 FROM shops WHERE id = ${product.shop_id} AND owner_id = s.user_id)`,
        entry: {
          ...entry(
            event.kind,
            `search:${search.id}`,
            search.name,
            { product: product.name },
            savedSearchUrl(search.query),
            product.image,
          ),
          count: event.count,
        },
      };
    }
  }
}

function entry(
  kind: InboxEntry["kind"],
  foldKey: string | null,
  subject: string,
  detail: Record<string, unknown>,
  url: string,
  imageUrl: string | null,
): InboxEntry {
  return { kind, foldKey, subject, detail, url, imageUrl };
}

async function shopOf(db: Kysely<Database>, id: number) {
  return db
    .selectFrom("shops")
    .select(["id", "name", "display_image"])
    .where("id", "=", id)
    .where("hidden", "=", false)
    .executeTakeFirst();
}

async function roomOf(db: Kysely<Database>, id: number) {
  return db
    .selectFrom("chat_rooms as r")
    .innerJoin("shops as s", "s.id", "r.shop_id")
    .innerJoin("users as c", "c.id", "r.customer_id")
    .select([
      "r.id",
      "r.slug",
      "r.customer_id",
      "s.owner_id",
      "s.name as shop_name",
      "s.display_image as shop_image",
      "c.name as customer_name",
      "c.profile_picture as customer_picture",
    ])
    .where("r.id", "=", id)
    .executeTakeFirst();
}
async function productOf(db: Kysely<Database>, id: number) {
  const row = await db
    .selectFrom("products as p")
    .innerJoin("shops as s", "s.id", "p.shop_id")
    .select(["p.id", "p.name", "p.slug", "p.shop_id", "p.images", "s.name as shop_name"])
    .where("p.id", "=", id)
    // A product moderators hid is notified to no one, as one deleted meanwhile.
    .where("p.hidden", "=", false)
    .executeTakeFirst();
  return row ? { ...row, image: row.images[0] ?? null } : undefined;
}
