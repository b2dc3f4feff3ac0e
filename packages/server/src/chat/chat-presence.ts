import { randomUUID } from "node:crypto";
import { type Kysely, sql } from "kysely";
import type { Database } from "../db/schema.js";
import type { RoomPresence } from "./chat-hub.js";
import { SOCKET_LEASE_MS } from "./chat-limits.js";

/**
 * Who has which room open on this instance, where the other instances' chat writes see it
 * (chat_presence, PostgreSQL only: on PGlite the one instance's hub says it). A row per room, user
 * and instance, held for SOCKET_LEASE_MS and renewed with the hub's heartbeat, so the rooms of an
 * instance that died stop counting as open once their leases run out (their messages are notified
 * again). Written one after the other and without waiting for the disk: a lost row only costs a
 * notice of a message that was seen.
 */
export function chatPresence(
  db: Kysely<Database>,
  onError: (error: unknown) => void,
  leaseMs = SOCKET_LEASE_MS,
): RoomPresence & { readonly instance: string; settled(): Promise<void> } {
  const instance = randomUUID();
  let writes: Promise<void> = Promise.resolve();
  const write = (run: () => Promise<unknown>) => {
    writes = writes.then(run).then(
      () => {},
      (error: unknown) => onError(error),
    );
  };
  const upsert = (open: readonly { roomId: number; userId: number }[]) =>
    sql`WITH quick AS (SELECT set_config('synchronous_commit', 'off', true))
      INSERT INTO chat_presence (room_id, user_id, instance, until)
      SELECT t.room_id, t.user_id, ${instance}::uuid, now() + make_interval(secs => ${leaseMs / 1000}::float8)
        FROM unnest(${open.map((o) => o.roomId)}::int[], ${open.map((o) => o.userId)}::int[]) AS t(room_id, user_id),
             quick
       WHERE EXISTS (SELECT 1 FROM chat_rooms r WHERE r.id = t.room_id)
      ON CONFLICT (room_id, user_id, instance) DO UPDATE SET until = EXCLUDED.until`.execute(db);
  return {
    instance,
    opened(roomId, userId) {
      write(() => upsert([{ roomId, userId }]));
    },
    closed(roomId, userId) {
      write(() =>
        sql`WITH quick AS (SELECT set_config('synchronous_commit', 'off', true))
            DELETE FROM chat_presence USING quick
             WHERE room_id = ${roomId} AND user_id = ${userId} AND instance = ${instance}::uuid`.execute(db),
      );
    },
    renew(open) {
      // Also drops the leases of other instances that ran out long ago.
      write(async () => {
        if (open.length > 0) await upsert(open);
        await sql`DELETE FROM chat_presence WHERE until < now() - interval '1 hour'`.execute(db);
      });
    },
    settled: () => writes,
  };
}
