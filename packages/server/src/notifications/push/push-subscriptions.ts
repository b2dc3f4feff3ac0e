import { defaultChannels, NOTIFICATION_KINDS } from "@katale/domain";
import type { Kysely } from "kysely";
import { sql } from "kysely";
import type { Database } from "../../db/schema.js";

export interface PushSubscriptionRow {
  readonly id: number;
  readonly user_id: number;
  readonly endpoint: string;
  readonly p256dh: string;
  readonly auth: string;
}

/** The browsers' push subscriptions, each one user's; an endpoint is one browser's, kept once. */
export class PushSubscriptions {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Keeps the subscription for the user. The same endpoint again (a repeat, new keys, or another
   * account signed in on that browser) replaces the one kept: a browser gets one user's pushes.
   * While none of the user's kinds has push on (a first grant, or all turned off), it turns push on
   * for every kind: push is on once the user grants it; after that their choices stand.
   */
  async subscribe(userId: number, endpoint: string, keys: { p256dh: string; auth: string }): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto("push_subscriptions")
        .values({ user_id: userId, endpoint, p256dh: keys.p256dh, auth: keys.auth })
        .onConflict((oc) =>
          oc.column("endpoint").doUpdateSet({
            user_id: sql`EXCLUDED.user_id`,
            p256dh: sql`EXCLUDED.p256dh`,
            auth: sql`EXCLUDED.auth`,
          }),
        )
        .execute();
      const pushing = await trx
        .selectFrom("notification_settings")
        .select("kind")
        .where("user_id", "=", userId)
        .where("push", "=", true)
        .limit(1)
        .executeTakeFirst();
      if (pushing) return;
      await trx
        .insertInto("notification_settings")
        .values(
          NOTIFICATION_KINDS.map((kind) => ({ user_id: userId, kind, ...defaultChannels(kind), push: true })),
        )
        .onConflict((oc) => oc.columns(["user_id", "kind"]).doUpdateSet({ push: true }))
        .execute();
    });
  }

  /** Forgets the user's subscription of that endpoint (another user's is left alone). */
  async unsubscribe(userId: number, endpoint: string): Promise<void> {
    await this.db
      .deleteFrom("push_subscriptions")
      .where("user_id", "=", userId)
      .where("endpoint", "=", endpoint)
      .execute();
  }

  /** A subscription its push service no longer knows (404/410): the browser unsubscribed or expired. */
  async drop(id: number): Promise<void> {
    await this.db.deleteFrom("push_subscriptions").where("id", "=", id).execute();
  }
}
