import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.js";
import type { JobQueue } from "../jobs/job-queue.js";
import { type OwnerMailEvent, recordOwnerMail } from "../moderation/owner-mail.js";

/** The queue's job that turns one event into inbox entries. */
export const NOTIFY_JOB = "notify";
/** The same for several events at once (`{events}`): the chat's notices handed on by a sweep. */
export const NOTIFY_BATCH_JOB = "notify-batch";
/** The queue's job that pushes one event to the recipients' browsers (push/push-delivery.ts). */
export const PUSH_JOB = "notify-push";

/**
 * What happened, as the change that caused it records it (in its own transaction). The actor is
 * never notified of their own action. Ids only: names, slugs and pictures are read at delivery.
 */
export type NotificationEvent =
  | { readonly kind: "new_follower"; readonly actor_id: number; readonly shop_id: number }
  | { readonly kind: "review_on_my_product"; readonly actor_id: number; readonly product_id: number }
  | {
      readonly kind: "new_product_from_followed_shop";
      readonly actor_id: number;
      readonly product_id: number;
    }
  | {
      readonly kind: "saved_product_price_drop";
      readonly actor_id: number;
      readonly product_id: number;
      readonly price_was: number;
      readonly price: number;
    }
  | { readonly kind: "saved_product_back_in_stock"; readonly actor_id: number; readonly product_id: number }
  | {
      readonly kind: "verification_decided";
      readonly actor_id: number;
      readonly applicant_id: number;
      /** Set for a shop's request; unset for the user's own. */
      readonly shop_id?: number;
      readonly status: "approved" | "rejected" | "revoked";
      readonly reason?: string;
    }
  | {
      readonly kind: "chat_message";
      /** The sender of the newest message. */
      readonly actor_id: number;
      readonly room_id: number;
      readonly recipient_id: number;
      /** Messages this event stands for (a burst handed on together). */
      readonly count: number;
      readonly preview: string;
    }
  | {
      readonly kind: "saved_search_match";
      /** Nobody's action: a sweep found the matches (0). */
      readonly actor_id: number;
      readonly search_id: number;
      readonly user_id: number;
      /** New matches this event stands for; the newest is named. */
      readonly count: number;
      readonly product_id: number;
    };

/** Where changes record their events: in their transaction, with an id that makes delivery idempotent. */
export class Notifier {
  constructor(private readonly queue: JobQueue) {}

  async record(trx: Kysely<Database>, event: NotificationEvent): Promise<void> {
    const recorded = { ...event, event_id: randomUUID() };
    await this.queue.enqueue(trx, NOTIFY_JOB, recorded);
    // Push on a job of its own: a push service that is down retries its pushes, not the inbox.
    await this.queue.enqueue(trx, PUSH_JOB, recorded);
  }

  /** Records the owner's e-mail about moderation of their things (moderation/owner-mail.ts), in `trx`. */
  async recordOwnerMail(trx: Kysely<Database>, event: OwnerMailEvent): Promise<void> {
    await recordOwnerMail(this.queue, trx, event);
  }
}
