import { randomBytes } from "node:crypto";
import type {
  ChatMessageWire,
  ChatProductWire,
  ChatRoomSummaryWire,
  ChatRoomWire,
} from "@katale/adapters-http/contract";
import { type Kysely, sql } from "kysely";
import type { Database } from "../db/schema.js";
import type { StoredMessage } from "./chat-message-repository.js";

// Chat rooms and messages (spec §2 Chat, §3; issue 11). A room joins one customer and one shop; its
// participants are the customer and the shop's owner. Slugs carry 128 random bits (unguessable).
// Each side's last read time gives the unread count: the other party's messages newer than it.
// Storing messages: chat-message-repository.ts.

type Db = Kysely<Database>;

/** A room as the socket and the routes need it: who is in it. */
export interface RoomAccess {
  id: number;
  slug: string;
  customerId: number;
  shopId: number;
  ownerId: number;
}

export type ProductRef = { slug?: string | undefined; productId?: number | undefined };

/**
 * 128 random bits in base64url, starting with a letter or a digit: a slug that starts with "-" reads
 * as an option on a command line (`katale chat open -07kV…` fails), so those are drawn again.
 */
export function newRoomSlug(): string {
  for (;;) {
    const slug = randomBytes(16).toString("base64url");
    if (/^[A-Za-z0-9]/.test(slug)) return slug;
  }
}

export class ChatRepository {
  constructor(private readonly db: Db) {}

  /** The shop's owner, or undefined for an unknown shop. */
  async shopOwner(shopId: number): Promise<number | undefined> {
    const row = await this.db
      .selectFrom("shops")
      .select("owner_id")
      .where("id", "=", shopId)
      .executeTakeFirst();
    return row?.owner_id;
  }

  /** The room between the customer and the shop, created on first call (races answer the one room). */
  async roomFor(customerId: number, shopId: number): Promise<string> {
    const inserted = await this.db
      .insertInto("chat_rooms")
      .values({ slug: newRoomSlug(), customer_id: customerId, shop_id: shopId })
      .onConflict((oc) => oc.columns(["customer_id", "shop_id"]).doNothing())
      .returning("slug")
      .executeTakeFirst();
    if (inserted) return inserted.slug;
    const row = await this.db
      .selectFrom("chat_rooms")
      .select("slug")
      .where("customer_id", "=", customerId)
      .where("shop_id", "=", shopId)
      .executeTakeFirstOrThrow();
    return row.slug;
  }

  /** The room if `userId` is its customer or the shop's owner; undefined otherwise (or unknown). */
  async participantRoom(slug: string, userId: number): Promise<RoomAccess | undefined> {
    const row = await this.db
      .selectFrom("chat_rooms as r")
      .innerJoin("shops as s", "s.id", "r.shop_id")
      .select(["r.id", "r.slug", "r.customer_id", "r.shop_id", "s.owner_id"])
      .where("r.slug", "=", slug)
      .executeTakeFirst();
    if (!row || (row.customer_id !== userId && row.owner_id !== userId)) return undefined;
    return {
      id: row.id,
      slug: row.slug,
      customerId: row.customer_id,
      shopId: row.shop_id,
      ownerId: row.owner_id,
    };
  }

  /**
   * The room's people and the last `limit` messages (before `before` when given), oldest first; a
   * message moderators hid only for its sender (`readerId`).
   */
  async room(access: RoomAccess, limit: number, before?: Date, readerId?: number): Promise<ChatRoomWire> {
    const people = await this.db
      .selectFrom("chat_rooms as r")
      .innerJoin("shops as s", "s.id", "r.shop_id")
      .innerJoin("users as c", "c.id", "r.customer_id")
      .select([
        "c.id as customer_id",
        "c.name as customer_name",
        "c.profile_picture",
        "s.id as shop_id",
        "s.name as shop_name",
        "s.display_image",
        "s.owner_id",
      ])
      .where("r.id", "=", access.id)
      .executeTakeFirstOrThrow();
    let query = this.db
      .selectFrom("chat_messages")
      .select(["id", "message", "sender_id", "product_id", "image", "created_at", "client_id"])
      .where("room_id", "=", access.id)
      .where((eb) =>
        readerId === undefined
          ? eb("hidden", "=", false)
          : eb.or([eb("hidden", "=", false), eb("sender_id", "=", readerId)]),
      );
    if (before) query = query.where("created_at", "<", before);
    const rows = await query.orderBy("created_at", "desc").orderBy("id", "desc").limit(limit).execute();
    const cards = await this.cards(rows.map((r) => r.product_id));
    return {
      messages: rows.reverse().map((r) => messageWire(r, cards)),
      customer: {
        id: people.customer_id,
        name: people.customer_name,
        profile_picture: people.profile_picture,
      },
      shop: {
        id: people.shop_id,
        name: people.shop_name,
        display_image: people.display_image,
        owner: people.owner_id,
      },
    };
  }

  /**
   * The caller's rooms as customer and as owner, but those the caller blocked: newest message first,
   * rooms without messages last.
   */
  async roomsOf(userId: number): Promise<ChatRoomSummaryWire[]> {
    const { rows } = await sql<{
      slug: string;
      customer_id: number;
      customer_name: string;
      profile_picture: string | null;
      shop_id: number;
      shop_name: string;
      display_image: string | null;
      owner_id: number;
      id: number | null;
      message: string | null;
      sender_id: number | null;
      product_id: number | null;
      image: string | null;
      created_at: Date | null;
      unread_count: number;
    }>`
      SELECT r.slug, c.id AS customer_id, c.name AS customer_name, c.profile_picture,
             s.id AS shop_id, s.name AS shop_name, s.display_image, s.owner_id,
             m.id, m.message, m.sender_id, m.product_id, m.image, m.created_at,
             (SELECT count(*) FROM chat_messages u
               WHERE u.room_id = r.id AND u.sender_id <> ${userId} AND NOT u.hidden
                 AND u.created_at > coalesce(
                   CASE WHEN r.customer_id = ${userId} THEN r.customer_last_read_at ELSE r.owner_last_read_at END,
                   '-infinity')) AS unread_count
        FROM chat_rooms r
        JOIN shops s ON s.id = r.shop_id
        JOIN users c ON c.id = r.customer_id
        LEFT JOIN LATERAL (
          SELECT id, message, sender_id, product_id, image, created_at FROM chat_messages
           WHERE room_id = r.id AND (NOT hidden OR sender_id = ${userId})
           ORDER BY created_at DESC, id DESC LIMIT 1) m ON true
       WHERE (r.customer_id = ${userId} OR s.owner_id = ${userId})
         AND NOT EXISTS (SELECT 1 FROM chat_blocks b WHERE b.room_id = r.id AND b.blocker_id = ${userId})
       ORDER BY m.created_at DESC NULLS LAST, m.id DESC NULLS LAST, r.id DESC`.execute(this.db);
    const cards = await this.cards(rows.map((r) => r.product_id));
    return rows.map((r) => ({
      slug: r.slug,
      customer: { id: r.customer_id, name: r.customer_name, profile_picture: r.profile_picture },
      shop: { id: r.shop_id, name: r.shop_name, display_image: r.display_image, owner: r.owner_id },
      last_message:
        r.id === null || r.created_at === null
          ? null
          : messageWire(
              {
                id: r.id,
                message: r.message ?? "",
                sender_id: r.sender_id ?? 0,
                product_id: r.product_id,
                image: r.image,
                created_at: r.created_at,
              },
              cards,
            ),
      unread_count: Number(r.unread_count),
    }));
  }

  /** The card of a product given by slug or id, from the database; undefined for an unknown one. */
  async productCard(ref: ProductRef): Promise<ChatProductWire | undefined> {
    let query = this.db.selectFrom("products").select("id").where("hidden", "=", false);
    if (ref.productId !== undefined) query = query.where("id", "=", ref.productId);
    else if (ref.slug !== undefined) query = query.where("slug", "=", ref.slug);
    else return undefined;
    const row = await query.executeTakeFirst();
    if (!row) return undefined;
    return (await this.cards([row.id])).get(row.id);
  }

  /** Stored messages by id, in id order (for notifications from other instances); gone ones left out. */
  async messagesByIds(ids: number[]): Promise<StoredMessage[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .selectFrom("chat_messages")
      .select(["id", "room_id", "message", "sender_id", "product_id", "image", "created_at", "client_id"])
      .where("id", "in", ids)
      .orderBy("id")
      .execute();
    const cards = await this.cards(rows.map((r) => r.product_id));
    return rows.map((row) => ({ id: row.id, roomId: row.room_id, wire: messageWire(row, cards) }));
  }

  /** The message a sender stored with their own id `clientId` (a repeated send), if any. */
  async messageByClientId(senderId: number, clientId: string): Promise<StoredMessage | undefined> {
    const row = await this.db
      .selectFrom("chat_messages")
      .select(["id", "room_id", "message", "sender_id", "product_id", "image", "created_at", "client_id"])
      .where("sender_id", "=", senderId)
      .where("client_id", "=", clientId)
      .executeTakeFirst();
    if (!row) return undefined;
    const cards = await this.cards([row.product_id]);
    return { id: row.id, roomId: row.room_id, wire: messageWire(row, cards) };
  }

  /** Removes the room if it has no messages; false when it has some (it stays). */
  async removeEmpty(room: RoomAccess): Promise<boolean> {
    const removed = await this.db
      .deleteFrom("chat_rooms")
      .where("id", "=", room.id)
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom("chat_messages").select("id").where("room_id", "=", room.id))),
      )
      .executeTakeFirst();
    return removed.numDeletedRows > 0n;
  }

  /** The user has read the room up to now. */
  async markRead(room: RoomAccess, userId: number): Promise<void> {
    const column = sql.ref(userId === room.customerId ? "customer_last_read_at" : "owner_last_read_at");
    // The room's unread inbox entry (notifications/deliver-event.ts: fold key chat:<room>) is read too.
    await sql`
      WITH r AS (UPDATE chat_rooms SET ${column} = now() WHERE id = ${room.id})
      UPDATE notifications SET read = true
       WHERE user_id = ${userId} AND fold_key = ${`chat:${room.id}`} AND NOT read`.execute(this.db);
  }

  /** Product cards by id (images in display order). */
  private async cards(ids: (number | null)[]): Promise<Map<number, ChatProductWire>> {
    const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
    const cards = new Map<number, ChatProductWire>();
    if (wanted.length === 0) return cards;
    const rows = await this.db
      .selectFrom("products as p")
      .select([
        "p.id",
        "p.slug",
        "p.name",
        "p.price",
        sql<string[] | null>`(SELECT array_agg(pi.path ORDER BY pi.position) FROM product_images pi
          WHERE pi.product_id = p.id)`.as("images"),
      ])
      .where("p.id", "in", wanted)
      .where("p.hidden", "=", false)
      .execute();
    for (const row of rows) {
      cards.set(row.id, {
        product_id: row.id,
        slug: row.slug,
        product_name: row.name,
        price: Number(row.price),
        images: row.images ?? [],
      });
    }
    return cards;
  }
}

function messageWire(
  row: {
    id: number;
    message: string;
    sender_id: number;
    product_id: number | null;
    image: string | null;
    created_at: Date | string;
    client_id?: string | null;
  },
  cards: Map<number, ChatProductWire>,
): ChatMessageWire {
  return {
    id: row.id,
    message: row.message,
    sender_id: row.sender_id,
    product: row.product_id === null ? null : (cards.get(row.product_id) ?? null),
    image: row.image,
    created_at: new Date(row.created_at).toISOString(),
    ...(row.client_id == null ? {} : { client_id: row.client_id }),
  };
}
