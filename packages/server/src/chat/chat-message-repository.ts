import type { ChatMessageWire, ChatProductWire } from "@katale/adapters-http/contract";
import { type Kysely, sql } from "kysely";
import type { Database } from "../db/schema.js";
import type { RoomAccess } from "./chat-repository.js";

// Storing chat messages (spec §2 Chat; issue 11): one from a photo, many at once from the sockets
// (chat-writer.ts), and telling the other instances of them (PostgreSQL NOTIFY). Each message moves
// its room's latest-message time; its sender has read the room up to it.

/** PostgreSQL refuses a notification payload of 8000 bytes or more. */
const NOTIFY_PAYLOAD_MAX = 7_900;

/** The longest preview of a message a notice keeps (the inbox entry's body). */
export const PREVIEW_MAX = 140;

/** The notice's recipient read the room after its unread stretch began (chat_notices as c). */
const readSince = sql`coalesce((SELECT CASE WHEN r.customer_id = c.user_id THEN r.customer_last_read_at
    ELSE r.owner_last_read_at END FROM chat_rooms r WHERE r.id = c.room_id) >= c.unread_since, false)`;

/** A stored message, with the room it belongs to. */
export interface StoredMessage {
  id: number;
  roomId: number;
  wire: ChatMessageWire;
}

/** A message to store (addMessages). */
export interface NewMessage {
  room: RoomAccess;
  senderId: number;
  text: string;
  product?: ChatProductWire | undefined;
  image?: string | undefined;
  /** The sender's own id for the message (a UUID): one message per sender and id (migration 0027). */
  clientId?: string | undefined;
  /** The other participant has the room open on this instance: no notice for them. */
  recipientOpen?: boolean | undefined;
}

export class ChatMessageRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Stores a message and moves the room's latest-message time; the sender has read the room then.
   * `notify` (PostgreSQL): the channel told of the new message, `roomId:messageId`, at commit.
   * `image`: a photo's host path (the text may then be empty). One statement, as addMessages.
   */
  async addMessage(
    room: RoomAccess,
    senderId: number,
    text: string,
    product: ChatProductWire | undefined,
    notify?: string,
    image?: string,
    recipientOpen?: boolean,
    instance?: string,
  ): Promise<StoredMessage> {
    const [stored] = await this.addMessages(
      [{ room, senderId, text, product, image, recipientOpen }],
      notify,
      instance,
    );
    if (!stored) throw new Error("chat message not stored");
    return stored;
  }

  /**
   * Stores several messages in one statement (the socket's writes of one turn of the event loop,
   * chat-writer.ts): as addMessage does for each, in the order given (their ids follow it), each
   * room's latest-message time moved and its senders' read times with it. Same moment for all.
   * The other participant of each room, unless they have it open (on this instance: `recipientOpen`;
   * on another: a lease in chat_presence other than this instance's, `instance`), gets a notice in the
   * same statement (chat_notices: the inbox entry and the e-mail are made from it,
   * notifications/notification-sweeper.ts).
   */
  async addMessages(
    items: readonly NewMessage[],
    notify?: string,
    instance?: string,
  ): Promise<StoredMessage[]> {
    if (items.length === 0) return [];
    const roomIds = items.map((i) => i.room.id);
    const senders = items.map((i) => i.senderId);
    const texts = items.map((i) => i.text);
    const products = items.map((i) => i.product?.product_id ?? null);
    const images = items.map((i) => i.image ?? null);
    const clientIds = items.map((i) => i.clientId ?? null);
    const customers = items.map((i) => i.senderId === i.room.customerId);
    const recipients = items.map((i) =>
      i.senderId === i.room.customerId ? i.room.ownerId : i.room.customerId,
    );
    const opens = items.map((i) => i.recipientOpen === true);
    const notifying = notify ? sql`, pg_notify(${notify}, concat(m.room_id, ':', m.id))` : sql``;
    const { rows } = await sql<{ id: number; created_at: Date }>`
      WITH input AS (
        SELECT * FROM unnest(${roomIds}::int[], ${senders}::int[], ${texts}::text[], ${products}::int[],
                             ${images}::text[], ${customers}::bool[], ${recipients}::int[], ${opens}::bool[],
                             ${clientIds}::uuid[])
          WITH ORDINALITY AS t(room_id, sender_id, message, product_id, image, by_customer, recipient_id,
                               recipient_open, client_id, ord)),
      m AS (
        INSERT INTO chat_messages (room_id, sender_id, message, product_id, image, client_id, created_at)
        SELECT room_id, sender_id, message, product_id, image, client_id, date_trunc('milliseconds', now())
          FROM input ORDER BY ord
        RETURNING id, room_id, created_at),
      -- The rooms' rows are locked in id order before they are updated: two instances' batches for
      -- the same rooms (a customer on one, the owner on the other) would otherwise take them in their
      -- join's order and could wait for each other until PostgreSQL's deadlock check (1 s) failed one.
      locked AS MATERIALIZED (
        SELECT id FROM chat_rooms WHERE id IN (SELECT room_id FROM input) ORDER BY id FOR NO KEY UPDATE),
      r AS (
        UPDATE chat_rooms SET
          last_message_at = date_trunc('milliseconds', now()),
          customer_last_read_at = CASE WHEN g.customer THEN date_trunc('milliseconds', now())
                                       ELSE chat_rooms.customer_last_read_at END,
          owner_last_read_at = CASE WHEN g.owner THEN date_trunc('milliseconds', now())
                                    ELSE chat_rooms.owner_last_read_at END
          FROM (SELECT room_id, bool_or(by_customer) AS customer, bool_or(NOT by_customer) AS owner
                  FROM input GROUP BY room_id) g
          JOIN locked ON locked.id = g.room_id
         WHERE chat_rooms.id = g.room_id),
      -- After the rooms' locks (it joins locked): a notice is only written under its room's lock.
      -- A new unread stretch starts when the recipient read the room since the last one began.
      n AS (
        INSERT INTO chat_notices AS c (room_id, user_id, sender_id, pending, preview, unread_since)
        SELECT i.room_id, i.recipient_id, (array_agg(i.sender_id ORDER BY i.ord DESC))[1], count(*),
               (array_agg(left(i.message, ${PREVIEW_MAX}::int) ORDER BY i.ord DESC))[1],
               date_trunc('milliseconds', now())
          FROM input i JOIN locked ON locked.id = i.room_id
         WHERE NOT i.recipient_open AND i.recipient_id <> i.sender_id
           AND NOT EXISTS (SELECT 1 FROM chat_presence p
                            WHERE p.room_id = i.room_id AND p.user_id = i.recipient_id AND p.until > now()
                              AND p.instance IS DISTINCT FROM ${instance ?? null}::uuid)
         GROUP BY i.room_id, i.recipient_id
        ON CONFLICT (room_id, user_id) DO UPDATE SET
          pending = c.pending + EXCLUDED.pending,
          sender_id = EXCLUDED.sender_id,
          preview = EXCLUDED.preview,
          unread_since = CASE WHEN ${readSince} THEN EXCLUDED.unread_since ELSE c.unread_since END,
          emailed = CASE WHEN ${readSince} THEN false ELSE c.emailed END)
      SELECT m.id, m.created_at${notifying} FROM m ORDER BY m.id`.execute(this.db);
    if (rows.length !== items.length) throw new Error("chat messages not stored");
    // Ids are handed out in insertion order, which is the order given.
    return rows.map((row, i) => {
      const item = items[i]!;
      return {
        id: row.id,
        roomId: item.room.id,
        wire: {
          id: row.id,
          message: item.text,
          sender_id: item.senderId,
          product: item.product ?? null,
          image: item.image ?? null,
          created_at: new Date(row.created_at).toISOString(),
          ...(item.clientId === undefined ? {} : { client_id: item.clientId }),
        },
      };
    });
  }

  /**
   * Tells `channel` of stored messages (`roomId:messageId:wire` each, the message's wire JSON so the
   * other instances need not load it; `roomId:messageId` when that would not fit in a notification),
   * in the order given, in a transaction of its own that does not wait for its commit to reach the
   * disk: it writes nothing to keep, and a notifying transaction holds PostgreSQL's notification
   * lock until its commit ends.
   */
  async notifyStored(channel: string, stored: readonly StoredMessage[]): Promise<void> {
    if (stored.length === 0) return;
    const payloads = stored.map((m) => {
      const withWire = `${m.roomId}:${m.id}:${JSON.stringify(m.wire)}`;
      return Buffer.byteLength(withWire) <= NOTIFY_PAYLOAD_MAX ? withWire : `${m.roomId}:${m.id}`;
    });
    await sql`
      WITH quick AS (SELECT set_config('synchronous_commit', 'off', true))
      SELECT pg_notify(${channel}, t.payload)
        FROM unnest(${payloads}::text[]) WITH ORDINALITY AS t(payload, ord), quick
       ORDER BY t.ord`.execute(this.db);
  }
}
